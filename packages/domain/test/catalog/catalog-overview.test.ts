import { describe, expect, it } from '@jest/globals';
import { Publication } from '../../src/index.js';
import { aCatalog, aReview, aTool } from '../../src/testing/index.js';

describe('category counts', () => {
  it('counts the tools of every category, by name, leaving out tools with no category', () => {
    const publication = Publication.publish(
      'p',
      aCatalog(
        aTool().inCategory('Search'),
        aTool().inCategory('Databases'),
        aTool().inCategory('Search'),
        aTool().inCategory(null),
        aTool().inCategory('databases'),
      ),
    );
    expect(publication.categoryCounts()).toEqual([
      { category: 'Databases', toolCount: 1 },
      { category: 'Search', toolCount: 2 },
      { category: 'databases', toolCount: 1 },
    ]);
  });
});

describe('newest reviews', () => {
  it('lists the newest reviews across tools in detail order, ties broken by tool id', () => {
    const publication = Publication.publish(
      'p',
      aCatalog(
        aTool()
          .withId('beta')
          .withReviews(
            aReview().withId('b1').reviewedOn('2026-03-01'),
            aReview().withId('b2').reviewedOn('2026-01-01'),
          ),
        aTool()
          .withId('alpha')
          .withReviews(
            aReview().withId('a1').reviewedOn('2026-03-01'),
            aReview().withId('a2').reviewedOn('2026-02-01', '2026-02-03T00:00:00Z'),
            aReview().withId('a3').reviewedOn('2026-02-01', '2026-02-02T00:00:00Z'),
          ),
        aTool().withId('gamma'),
      ),
    );
    const ids = (n: number) =>
      publication.newestReviews(n).map((r) => `${r.tool.id}/${r.review.id}`);
    expect(ids(4)).toEqual(['alpha/a1', 'beta/b1', 'alpha/a2', 'alpha/a3']);
    expect(ids(10)).toEqual(['alpha/a1', 'beta/b1', 'alpha/a2', 'alpha/a3', 'beta/b2']);
    expect(ids(0)).toEqual([]);
  });
});
