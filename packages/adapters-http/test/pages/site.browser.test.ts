/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate run in the browser, so these tests see the DOM types.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeWithChromium } from '../support/chromium.js';
import { hostileTool } from './hostile-catalog.fixture.js';
import { sampleTools, startSite, type RunningSite } from './site-harness.js';

/** Screenshots for people to look at; git-ignored. */
const SCREENSHOTS = fileURLToPath(new URL('../../../../artifacts/screenshots/', import.meta.url));

/** One of each page type, as a person reaches it. */
const PAGE_TYPES: ReadonlyArray<readonly [string, string]> = [
  ['home', '/'],
  ['search', '/search?q=postgres'],
  ['search-category', '/search?category=Databases'],
  ['search-empty', '/search?q=zzzzqqq'],
  ['search-400', '/search?limit=0'],
  ['tool', '/tools/quillsort'],
  ['tool-unresearched', '/tools/longlog'],
  ['review', '/tools/quillsort/reviews/qs-2025-04-r1'],
  ['not-found', '/no-such-page'],
  ['subscribe', '/subscribe'],
];

describeWithChromium()('the website in Chromium', () => {
  let browser: Browser;
  let site: RunningSite;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    site = await startSite(await sampleTools());
    context = await browser.newContext();
    page = await context.newPage();
  }, 30_000);

  afterAll(async () => {
    await context.close();
    await browser.close();
    await site.close();
  });

  const apiSearch = async (query: string) =>
    (
      (await (await fetch(`${site.url}/api/v1/tools?${query}`)).json()) as {
        items: Array<{ id: string; name: string; category: string | null }>;
      }
    ).items;

  it('searches from the home page and shows the API results in the API order', async () => {
    await page.goto(`${site.url}/`);
    await page.fill('#q', 'postgres');
    await Promise.all([page.waitForURL('**/search?q=postgres'), page.press('#q', 'Enter')]);
    const names = await page.locator('.result-title a').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual((await apiSearch('q=postgres')).map((item) => item.name));
  });

  it('follows a result to its tool page', async () => {
    await page.goto(`${site.url}/search?q=postgres`);
    const first = page.locator('.result-title a').first();
    const name = await first.textContent();
    await Promise.all([page.waitForURL('**/tools/*'), first.click()]);
    expect(await page.textContent('h1')).toBe(name);
    expect(await page.locator('#stacks-heading').count()).toBe(1);
  });

  it('pages through the reviews of a tool, newest first', async () => {
    await page.goto(`${site.url}/tools/longlog`);
    const dates = async () =>
      page
        .locator('article.review time')
        .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));
    const first = await dates();
    expect(first).toHaveLength(10);
    expect([...first].sort().reverse()).toEqual(first);
    await page.click('a[rel=next]');
    const second = await dates();
    expect(second).toHaveLength(10);
    expect(second[0]! < first[9]!).toBe(true);
    await page.click('a[rel=next]');
    expect(await dates()).toHaveLength(3);
    expect(await page.locator('a[rel=next]').count()).toBe(0);
    await page.click('a[rel=prev]');
    expect(await dates()).toEqual(second);
  });

  it('opens a citation from a search result and its permanent link', async () => {
    await page.goto(`${site.url}/search?q=fast`);
    const cite = page.locator('a', { hasText: 'cite this review' }).first();
    await Promise.all([page.waitForURL('**/tools/*/reviews/*'), cite.click()]);
    const reviewUrl = page.url();
    expect(await page.textContent('#cite-heading')).toBe('Cite this review');
    expect(await page.textContent('#cite-url')).toBe(reviewUrl);
    await Promise.all([page.waitForLoadState(), page.click('#cite-url')]);
    expect(page.url()).toBe(reviewUrl);
    expect(await page.textContent('#likes-heading')).toBe('Likes');
  });

  it('filters by category from the home page', async () => {
    await page.goto(`${site.url}/`);
    const chip = page.locator('.chips a', { hasText: 'Databases' });
    const count = Number(/\((\d+)\)/.exec((await chip.textContent()) ?? '')?.[1]);
    await Promise.all([page.waitForURL('**/search?category=Databases'), chip.click()]);
    const categories = await page.locator('.results .meta a').allTextContents();
    expect(categories).toHaveLength(Math.min(count, 10));
    expect(new Set(categories)).toEqual(new Set(['Databases']));
    const ids = (await apiSearch('category=Databases')).map((item) => item.name);
    expect(await page.locator('.result-title a').allTextContents()).toEqual(ids);
  });

  it('signs up for the newsletter from a page link, with consent', async () => {
    await page.goto(`${site.url}/tools/quillsort`);
    await Promise.all([
      page.waitForURL('**/subscribe'),
      page.click('.site-nav a[href="/subscribe"]'),
    ]);
    await page.fill('#email', 'ada@example.org');
    await page.check('#consent');
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(await page.textContent('h1')).toBe('Signup received');
    expect(await page.textContent('main .notice')).toMatch(/^Check your inbox: /);
    expect((await site.store.findByAddressKey('ada@example.org'))?.subscription.status).toBe(
      'pending',
    );
  });

  it('can be searched with the keyboard alone, with a skip link and a visible focus', async () => {
    await page.goto(`${site.url}/`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'q');
    }
    expect(reached).toBe(true);
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.type('search');
    await Promise.all([page.waitForURL('**/search?q=search'), page.keyboard.press('Enter')]);
    expect(await page.locator('.result-title a').count()).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility violation on any page type (%s)',
    async (scheme) => {
      const found: string[] = [];
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, path] of PAGE_TYPES) {
        await page.goto(`${site.url}${path}`);
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') {
            const nodes = violation.nodes.map((n) => n.target.join(' ')).join(', ');
            found.push(`${scheme} ${name}: ${violation.id} (${nodes})`);
          }
        }
        const summary = results.violations.map((v) => `${v.id}:${v.impact}`).join(', ');
        console.log(
          `axe ${scheme} ${name}: ${results.violations.length} violations (${summary || 'none'}), ${results.passes.length} rules passed`,
        );
      }
      await page.emulateMedia({ colorScheme: 'light' });
      expect(found).toEqual([]);
    },
    300_000,
  );

  it('lines up the boxes of a review page: facts, note and citation are one width', async () => {
    const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const reviewPage = await wide.newPage();
      await reviewPage.goto(`${site.url}/tools/quillsort/reviews/qs-2025-04-r1`);
      const widths = await Promise.all(
        ['dl.facts.card', 'p.notice', 'section.cite'].map(
          async (selector) => (await reviewPage.locator(selector).first().boundingBox())?.width,
        ),
      );
      expect(new Set(widths).size).toBe(1);
    } finally {
      await wide.close();
    }
  });

  it('uses a wide screen on the search page: a side column beside the results, below them on a phone', async () => {
    for (const [width, beside] of [
      [1280, true],
      [375, false],
    ] as const) {
      const sized = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const searchPage = await sized.newPage();
        await searchPage.goto(`${site.url}/search?q=postgres`);
        const main = (await searchPage.locator('main').boundingBox())!;
        const results = (await searchPage.locator('.results').boundingBox())!;
        const side = (await searchPage.locator('aside.side').boundingBox())!;
        expect(await searchPage.locator('aside.side .notice').count()).toBe(1);
        if (beside) {
          expect(side.x).toBeGreaterThan(results.x + results.width);
          expect(side.y).toBeLessThan(results.y + results.height);
          // Together they take the whole width of the page's column, less its padding and the
          // gap between them.
          expect(results.width + side.width).toBeGreaterThan(main.width - 90);
        } else {
          expect(side.y).toBeGreaterThanOrEqual(results.y + results.height);
        }
      } finally {
        await sized.close();
      }
    }
  });

  it('writes screenshots of every page type at 375 px and 1280 px', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [375, 1280]) {
      const shots = await browser.newContext({ viewport: { width, height: 900 } });
      const shotPage = await shots.newPage();
      for (const [name, path] of PAGE_TYPES) {
        await shotPage.goto(`${site.url}${path}`);
        const scrollWidth = await shotPage.evaluate(() => document.documentElement.scrollWidth);
        expect(`${name}@${width}: ${scrollWidth}`).toBe(`${name}@${width}: ${width}`);
        await shotPage.screenshot({ path: `${SCREENSHOTS}${name}-${width}.png`, fullPage: true });
      }
      await shots.close();
    }
    const dark = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'dark',
    });
    const darkPage = await dark.newPage();
    for (const [name, path] of PAGE_TYPES.filter(([name]) =>
      ['home', 'search', 'tool', 'review'].includes(name),
    )) {
      await darkPage.goto(`${site.url}${path}`);
      await darkPage.screenshot({ path: `${SCREENSHOTS}${name}-1280-dark.png`, fullPage: true });
    }
    await dark.close();
  }, 300_000);
});

describeWithChromium()('a hostile catalog in Chromium', () => {
  it('runs no script and builds no element from catalog text on any page', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const site = await startSite([hostileTool]);
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      for (const path of ['/', '/search?q=script', '/tools/hostile', '/tools/hostile/reviews/r1']) {
        await page.goto(`${site.url}${path}`);
        const state = await page.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: number }).__pwned,
          scripts: Array.from(document.scripts).map((script) => script.getAttribute('src')),
          injected: document.querySelectorAll('main img, main b, main i, a[href^="javascript:"]')
            .length,
        }));
        expect(state).toEqual({
          pwned: undefined,
          scripts: [expect.stringMatching(/^\/assets\/webmcp\.[0-9a-f]{10}\.js$/)],
          injected: 0,
        });
      }
      expect(await page.textContent('h1')).toContain('<script>window.__pwned=1</script>');
      expect(dialogs).toEqual([]);
    } finally {
      await browser.close();
      await site.close();
    }
  }, 60_000);
});
