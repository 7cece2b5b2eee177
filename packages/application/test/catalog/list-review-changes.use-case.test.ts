import { describe, expect, it } from '@jest/globals';
import { Publication } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import {
  ListReviewChanges,
  REVIEW_FEED_SIZE,
} from '../../src/catalog/list-review-changes.use-case.js';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { profile } from '../tools/profile.fixture.js';

function useCaseOver(live: LivePublication): ListReviewChanges {
  return new ListReviewChanges(live, profile);
}

describe('ListReviewChanges', () => {
  it('is CATALOG_UNAVAILABLE before anything is published', () => {
    const result = useCaseOver(new LivePublication()).execute();
    expect(result.ok ? 'ok' : result.error.code).toBe('CATALOG_UNAVAILABLE');
  });

  it('lists the newest review changes with their tools and addresses, at most the feed size', () => {
    const reviews = Array.from({ length: REVIEW_FEED_SIZE + 5 }, (_, i) =>
      aReview()
        .withId(`r-${i}`)
        .updatedAt(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()),
    );
    const live = new LivePublication();
    live.replace(
      Publication.publish(
        'p1',
        aCatalog(
          aTool()
            .withId('quill')
            .withReviews(...reviews)
            .build(),
        ),
      ),
    );
    const result = useCaseOver(live).execute();
    if (!result.ok) throw new Error(result.error.message);
    const { changes, publicationId, historicalNotice, rights } = result.value;
    expect(publicationId).toBe('p1');
    expect(historicalNotice).toBe(profile.historicalNotice);
    expect(rights).toEqual(profile.rights);
    expect(changes).toHaveLength(REVIEW_FEED_SIZE);
    expect(changes[0]!.review.id).toBe(`r-${REVIEW_FEED_SIZE + 4}`);
    expect(changes.at(-1)!.review.id).toBe('r-5');
    expect(changes[0]!.review.url).toBe(
      `https://reviews.example/tools/quill/reviews/r-${REVIEW_FEED_SIZE + 4}`,
    );
    expect(changes[0]!.tool.url).toBe('https://reviews.example/tools/quill');
  });

  it('follows the live publication when it is replaced', () => {
    const live = new LivePublication();
    const useCase = useCaseOver(live);
    live.replace(
      Publication.publish('p1', aCatalog(aTool().withReviews(aReview().withId('one')).build())),
    );
    const first = useCase.execute();
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.changes.map((c) => c.review.id)).toEqual(['one']);
    live.replace(
      Publication.publish('p2', aCatalog(aTool().withReviews(aReview().withId('two')).build())),
    );
    const second = useCase.execute();
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.publicationId).toBe('p2');
    expect(second.value.changes.map((c) => c.review.id)).toEqual(['two']);
  });
});
