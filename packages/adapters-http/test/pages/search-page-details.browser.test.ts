/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these tests see the DOM types.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumPerSuite, describeWithChromium } from '../support/chromium.js';
import { sampleTools, startSite, type RunningSite } from './site-harness.js';

/** What a newcomer meets on the search page, at a desktop width and on a 390 px phone. */
describeWithChromium()('the search page in Chromium', () => {
  const browser = chromiumPerSuite();
  let site: RunningSite;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    site = await startSite(await sampleTools());
    context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    page = await context.newPage();
  }, 30_000);

  afterAll(async () => {
    await context.close();
    await site.close();
  });

  describe('a result that matched a keyword only through a stack tag (docs/api.md#matched-stack-tags)', () => {
    it('shows the tag beside its excerpt, the matched part marked', async () => {
      await page.goto(`${site.url}/search?q=postgres`);
      const result = page.locator('.results > li', {
        has: page.locator('.result-title', { hasText: 'Emberwatch' }),
      });
      expect(await result.locator('.excerpt').textContent()).not.toMatch(/postgres/i);
      const tags = result.locator('.matched-tags');
      expect((await tags.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
        'Matched the stack tag PostgreSQL',
      );
      expect(await tags.locator('mark').allTextContents()).toEqual(['PostgreS']);
      // A result whose description holds the keyword names no tag.
      const kestrel = page.locator('.results > li', {
        has: page.locator('.result-title', { hasText: 'Kestrel SQL' }),
      });
      expect(await kestrel.locator('.matched-tags').count()).toBe(0);
    });
  });

  describe('paging back', () => {
    it('says "Previous results" on a keyword search, ranked by relevance', async () => {
      await page.goto(`${site.url}/search?q=postgres&limit=2&cursor=2`);
      expect(await page.locator('a[rel=prev]').textContent()).toBe('← Previous results');
    });

    it('says "Newer results" where the results are newest first', async () => {
      await page.goto(`${site.url}/search?limit=2&cursor=2`);
      expect(await page.locator('a[rel=prev]').textContent()).toBe('← Newer results');
    });
  });

  describe('on a 390 px phone', () => {
    it('reaches the categories before the results: a link above the first result leads to them', async () => {
      await page.goto(`${site.url}/search?q=postgres`);
      const jump = page.locator('.to-side a');
      expect(await jump.isVisible()).toBe(true);
      const jumpBox = await jump.boundingBox();
      const firstResult = await page.locator('.results > li').first().boundingBox();
      expect(jumpBox!.y).toBeLessThan(firstResult!.y);
      // The first link after the search form, in keyboard order too.
      const order = await page.evaluate(() => {
        const links = [...document.querySelectorAll('main a')];
        return {
          jump: links.findIndex((a) => a.closest('.to-side') !== null),
          firstResult: links.findIndex((a) => a.closest('.results') !== null),
        };
      });
      expect(order.jump).toBeLessThan(order.firstResult);
      await jump.click();
      await page.waitForURL('**#categories');
      // Scrolled into view (at the end of the page, as far as the page goes).
      const facets = await page.locator('#categories').boundingBox();
      expect(facets!.y).toBeGreaterThanOrEqual(0);
      expect(facets!.y).toBeLessThan(844 - 40);
    });

    it('needs no link at a desktop width, where the categories sit beside the results', async () => {
      const wide = await browser().newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const desktop = await wide.newPage();
        await desktop.goto(`${site.url}/search?q=postgres`);
        expect(await desktop.locator('.to-side a').isVisible()).toBe(false);
        const facets = await desktop.locator('#categories').boundingBox();
        const firstResult = await desktop.locator('.results > li').first().boundingBox();
        expect(facets!.x).toBeGreaterThan(firstResult!.x + firstResult!.width - 1);
      } finally {
        await wide.close();
      }
    });
  });
});
