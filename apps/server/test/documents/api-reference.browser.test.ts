/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so this test sees the DOM types.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  describeWithChromium,
} from '../../../../packages/adapters-http/test/support/chromium.js';
import type { CheckedServer } from '../support/openapi-checked-server.js';
import { startDocumentServer } from './document-server.js';

describeWithChromium()('/docs in Chromium', () => {
  let browser: Browser;
  let server: CheckedServer;

  beforeAll(async () => {
    server = await startDocumentServer();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 30_000);
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('shows every operation with no script, no error and nothing from another origin', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const problems: string[] = [];
    const origins = new Set<string>();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => origins.add(new URL(response.url()).origin));
    try {
      await page.goto(`${server.url}/docs`);
      expect(await page.title()).toMatch(/^API reference · /);
      const operations = await page.locator('section.operation h3').allTextContents();
      expect(operations).toEqual([
        'GET /api/v1/tools',
        'GET /api/v1/tools/{id}',
        'HEAD /api/v1/tools',
        'HEAD /api/v1/tools/{id}',
        'POST /subscribe',
      ]);
      for (const summary of [
        'Find reviewed tools by keyword and/or category, or browse them.',
        'A tool with one page of its dated reviews (newest first) and its stacks record.',
        'Ask for a newsletter signup; only with the person’s permission.',
      ]) {
        expect(await page.getByText(summary, { exact: true }).count()).toBeGreaterThan(0);
      }
      // A schema named by a response is one click away.
      await page.locator('a[href="#schema-SearchResult"]').first().click();
      expect(page.url()).toMatch(/#schema-SearchResult$/);
      expect(problems).toEqual([]);
      expect([...origins]).toEqual([server.url]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it.each(['light', 'dark'] as const)(
    'passes axe with no violation at all, best practices included, and follows the %s scheme',
    async (scheme) => {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/docs`);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
        const background = await page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        );
        expect(background).toBe(scheme === 'dark' ? 'rgb(18, 20, 24)' : 'rgb(247, 247, 245)');
      } finally {
        await context.close();
      }
    },
    60_000,
  );

  it('reads on a phone: the page never scrolls sideways, and links back to the site', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/docs`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await Promise.all([page.waitForURL(`${server.url}/`), page.click('a.brand')]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('says, on a 390 px phone, that a table cut at the screen edge scrolls, and not at a desktop width', async () => {
    const hints = async (width: number) => {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/docs`);
        return await page.evaluate(() =>
          [...document.querySelectorAll('.table-scroll')].map((box) => ({
            cut: box.scrollWidth > box.clientWidth,
            hint: getComputedStyle(box, '::before').content,
            hintShown:
              box.getBoundingClientRect().height > 0 &&
              getComputedStyle(box, '::before').display !== 'none',
          })),
        );
      } finally {
        await context.close();
      }
    };
    const phone = await hints(390);
    expect(phone.length).toBeGreaterThan(0);
    const cut = phone.filter((table) => table.cut);
    expect(cut.length).toBeGreaterThan(0);
    for (const table of cut) {
      expect(table.hint).toMatch(/Scroll sideways/);
      expect(table.hintShown).toBe(true);
    }
    const desktop = await hints(1280);
    expect(desktop.every((table) => !table.cut && !/Scroll sideways/.test(table.hint))).toBe(true);
  }, 60_000);
});
