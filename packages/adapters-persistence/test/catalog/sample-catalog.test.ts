import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { FileCatalogSource } from '../../src/catalog/file-catalog-source.js';

const SAMPLE = fileURLToPath(
  new URL('../../../../packages/service-common/catalog/sample-catalog.json', import.meta.url),
);
const DAY_MS = 86_400_000;

describe('the bundled sample catalog (packages/service-common/catalog/sample-catalog.json)', () => {
  it('is valid and large enough to show search, categories, history and stacks', async () => {
    const { document } = await new FileCatalogSource(SAMPLE).load();
    const reviews = document.tools.flatMap((tool) => tool.reviews);
    const days = reviews
      .map((review) => Date.parse(review.reviewedOn) / DAY_MS)
      .sort((a, b) => a - b);
    const statuses = new Set(
      document.tools.flatMap((tool) => (tool.stacks ? [tool.stacks.status] : [])),
    );

    expect(document.tools.length).toBeGreaterThanOrEqual(40);
    expect(new Set(document.tools.map((tool) => tool.category)).size).toBeGreaterThanOrEqual(6);
    expect(reviews.length).toBeGreaterThanOrEqual(150);
    expect(document.tools.some((tool) => tool.reviews.length === 0)).toBe(true);
    expect(document.tools.some((tool) => tool.reviews.length >= 5)).toBe(true);
    expect(document.tools.some((tool) => tool.stacks === null)).toBe(true);
    expect(statuses).toEqual(new Set(['verified', 'unresolved']));
    expect((days.at(-1) ?? 0) - (days[0] ?? 0)).toBeGreaterThanOrEqual(730);
  });

  it('says it is fictional and points only at domains reserved for examples', async () => {
    const { document } = await new FileCatalogSource(SAMPLE).load();
    const reserved = /^https:\/\/([a-z0-9-]+\.)*example(\.com)?(\/|$)/;

    for (const tool of document.tools) {
      expect(tool.description).toMatch(/ \(Fictional sample tool\.\)$/);
      expect(tool.website).toMatch(reserved);
      if (tool.stacks) expect(tool.stacks.source_url).toMatch(reserved);
      for (const review of tool.reviews) {
        if (review.author.url !== undefined) expect(review.author.url).toMatch(reserved);
        expect(review.updatedAt.slice(0, 10) >= review.reviewedOn).toBe(true);
        expect(review.updatedAt < document.publishedAt).toBe(true);
      }
    }
  });
});
