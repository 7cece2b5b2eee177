import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { compareReviewChangesNewestFirst, newestReviewChanges } from '../../src/index.js';
import { aReview, aTool } from '../../src/testing/index.js';

describe('newestReviewChanges', () => {
  it('returns the most recent changes by updatedAt, newest first, across tools', () => {
    const tools = [
      aTool()
        .withId('alpha')
        .withReviews(
          aReview().withId('a-old').updatedAt('2026-01-01T00:00:00Z'),
          aReview().withId('a-new').updatedAt('2026-03-01T00:00:00Z'),
        )
        .build(),
      aTool()
        .withId('beta')
        .withReviews(aReview().withId('b-mid').updatedAt('2026-02-01T00:00:00Z'))
        .build(),
      aTool().withId('gamma').build(),
    ];
    const ids = newestReviewChanges(tools, 2).map((c) => `${c.tool.id}/${c.review.id}`);
    expect(ids).toEqual(['alpha/a-new', 'beta/b-mid']);
  });

  it('orders by instant, not by text: a fractional second is later than the whole second', () => {
    const tools = [
      aTool()
        .withId('t')
        .withReviews(
          aReview().withId('whole').updatedAt('2026-01-01T00:00:00Z'),
          aReview().withId('fraction').updatedAt('2026-01-01T00:00:00.500Z'),
        )
        .build(),
    ];
    expect(newestReviewChanges(tools, 5).map((c) => c.review.id)).toEqual(['fraction', 'whole']);
  });

  it('breaks ties by tool id, then review id, and returns nothing for a count of 0', () => {
    const same = '2026-05-05T05:05:05Z';
    const tools = ['b', 'a'].map((id) =>
      aTool()
        .withId(id)
        .withReviews(aReview().withId('r2').updatedAt(same), aReview().withId('r1').updatedAt(same))
        .build(),
    );
    expect(newestReviewChanges(tools, 10).map((c) => `${c.tool.id}/${c.review.id}`)).toEqual([
      'a/r1',
      'a/r2',
      'b/r1',
      'b/r2',
    ]);
    expect(newestReviewChanges(tools, 0)).toEqual([]);
  });

  it('equals sorting every change and taking the first n (property)', () => {
    const instant = fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2027, 0, 1) })
      .map((ms) => new Date(ms).toISOString());
    const catalog = fc.array(fc.array(instant, { maxLength: 6 }), { maxLength: 12 });
    fc.assert(
      fc.property(catalog, fc.integer({ min: 0, max: 30 }), (shape, count) => {
        const tools = shape.map((instants, t) =>
          aTool()
            .withId(`tool-${t}`)
            .withReviews(...instants.map((at, r) => aReview().withId(`r-${r}`).updatedAt(at)))
            .build(),
        );
        const everything = tools
          .flatMap((tool) => tool.reviews.map((review) => ({ tool, review })))
          .sort(compareReviewChangesNewestFirst)
          .slice(0, count);
        expect(newestReviewChanges(tools, count)).toEqual(everything);
      }),
    );
  });
});
