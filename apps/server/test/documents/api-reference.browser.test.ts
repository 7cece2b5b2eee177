import { afterAll, beforeAll, expect, it } from '@jest/globals';
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

  it('renders every operation of the OpenAPI document under its CSP, from our origin only, with no error', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    const origins = new Set<string>();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Responses, not requests: a request the CSP blocks is announced but never answered.
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.protocol.startsWith('http')) origins.add(url.origin);
    });
    try {
      await page.goto(`${server.url}/docs`);
      for (const summary of [
        'Find reviewed tools by keyword and/or category, or browse them.',
        'A tool with one page of its dated reviews (newest first) and its stacks record.',
        'Ask for a newsletter signup; only with the person’s permission.',
      ]) {
        await page.locator('h2', { hasText: summary }).first().waitFor({ timeout: 20_000 });
      }
      expect(await page.title()).toMatch(/API reference/);
      // Redoc's menu always tries its logo from cdn.redoc.ly; the CSP must block it (no CDN).
      const cdnBlocked = (p: string) =>
        p.includes('https://cdn.redoc.ly/') &&
        p.includes('violates the following Content Security Policy');
      expect(problems.filter((p) => !cdnBlocked(p))).toEqual([]);
      expect([...origins]).toEqual([server.url]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
