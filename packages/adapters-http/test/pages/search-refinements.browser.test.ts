/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these tests see the DOM types.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumPerSuite, describeWithChromium } from '../support/chromium.js';
import { sampleTools, startSite, type RunningSite } from './site-harness.js';

interface ApiSearch {
  items: Array<{ name: string; excerpt?: string; excerptHighlights?: number[][] }>;
  facets?: { category: Array<{ name: string; count: number }> };
  suggestions?: Array<{ q: string; total: number }>;
  closestTools?: Array<{ name: string; missingKeywords: string[] }>;
}

describeWithChromium()('the search page: facets, "did you mean" and highlights', () => {
  const browser = chromiumPerSuite();
  let site: RunningSite;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    site = await startSite(await sampleTools());
    context = await browser().newContext();
    page = await context.newPage();
  }, 30_000);

  afterAll(async () => {
    await context.close();
    await site.close();
  });

  const api = async (query: string): Promise<ApiSearch> =>
    (await (await fetch(`${site.url}/api/v1/tools?${query}`)).json()) as ApiSearch;

  const facetsShown = async () =>
    page.locator('nav.facets li').evaluateAll((items) =>
      items.map((item) => ({
        name: item.querySelector('a')?.textContent ?? '',
        count: Number(item.querySelector('.count')?.textContent),
        current: item.querySelector('a')?.getAttribute('aria-current') === 'true',
      })),
    );

  it('shows the categories of every match with their counts, each a link to the filtered search', async () => {
    await page.goto(`${site.url}/search?q=postgres`);
    const { facets } = await api('q=postgres&facets=category');
    expect(facets?.category.length).toBeGreaterThan(1);
    expect(await facetsShown()).toEqual(
      facets?.category.map((facet) => ({ ...facet, current: false })),
    );

    const other = facets?.category[1];
    await Promise.all([
      page.waitForURL('**/search?q=postgres&category=*'),
      page.locator('nav.facets a', { hasText: other?.name ?? '?' }).click(),
    ]);
    const names = await page.locator('.result-title a').allTextContents();
    expect(names).toEqual(
      (await api(`q=postgres&category=${encodeURIComponent(other?.name ?? '')}`)).items.map(
        (item) => item.name,
      ),
    );
    // Disjunctive: the filtered page still lists every category, the current one marked.
    expect(await facetsShown()).toEqual(
      facets?.category.map((facet) => ({ ...facet, current: facet.name === other?.name })),
    );
  });

  it('offers "Did you mean" links when nothing matches, and follows one to its results', async () => {
    await page.goto(`${site.url}/search?q=postgrse`);
    expect(await page.locator('.result-title').count()).toBe(0);
    const { suggestions } = await api('q=postgrse');
    expect(suggestions?.[0]?.q).toBe('postgres');
    const link = page.locator('.suggestions a').first();
    expect(await page.locator('.suggestions').textContent()).toContain(
      `${suggestions?.[0]?.total} tools`,
    );
    await Promise.all([page.waitForURL('**/search?q=postgres'), link.click()]);
    expect(await page.locator('.result-title').count()).toBeGreaterThan(0);
    expect(await page.locator('.suggestions').count()).toBe(0);
  });

  it('lists the closest tools under an empty result, naming the words each misses', async () => {
    const q = 'tool for postgres schema migrations with zero downtime';
    await page.goto(`${site.url}/search?q=${encodeURIComponent(q)}`);
    const { items, closestTools } = await api(`q=${encodeURIComponent(q)}`);
    expect(items).toEqual([]);
    expect(closestTools?.length).toBeGreaterThan(0);
    expect(await page.locator('.notice').first().textContent()).toContain(
      'No tool matches every word',
    );
    expect(await page.locator('#closest-tools').textContent()).toContain('partial matches');
    const shown = await page.locator('.closest li.card').evaluateAll((cards) =>
      cards.map((card) => ({
        name: card.querySelector('.result-title')?.textContent?.trim() ?? '',
        missing: Array.from(card.querySelectorAll('.missing s'), (word) => word.textContent),
      })),
    );
    expect(shown).toEqual(
      closestTools?.map((tool) => ({ name: tool.name, missing: tool.missingKeywords })),
    );
    expect(shown[0]?.name).toBe('Pgloom');
  });

  it('marks what each keyword matched in the excerpts, at the offsets the API gives', async () => {
    await page.goto(`${site.url}/search?q=postg+migr`);
    const { items } = await api('q=postg+migr&highlight=true');
    const expected = items.map((item) =>
      (item.excerptHighlights ?? []).map(([start, end]) => item.excerpt?.slice(start, end)),
    );
    const shown = await page
      .locator('.results .excerpt')
      .evaluateAll((excerpts) =>
        excerpts.map((excerpt) =>
          Array.from(excerpt.querySelectorAll('mark'), (mark) => mark.textContent),
        ),
      );
    expect(shown).toEqual(expected);
    expect(shown.flat()).toEqual(expect.arrayContaining(['Postg', 'migr']));
    // The marked excerpt reads as the excerpt itself.
    const texts = await page.locator('.results .excerpt').allTextContents();
    expect(texts).toEqual(items.map((item) => item.excerpt));
  });
});
