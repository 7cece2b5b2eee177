import { describe, expect, it } from '@jest/globals';
import { Publication } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { GetCatalogOverview } from '../../src/tools/get-catalog-overview.use-case.js';
import { GetReview } from '../../src/tools/get-review.use-case.js';
import { profile } from './profile.fixture.js';

function liveWith(...tools: ReturnType<typeof aTool>[]): LivePublication {
  const live = new LivePublication();
  live.replace(Publication.publish('p1', aCatalog(...tools)));
  return live;
}

describe('GetCatalogOverview', () => {
  it('gives categories with tool counts and the newest reviews with their addresses', () => {
    const live = liveWith(
      aTool()
        .withId('quill')
        .inCategory('Editors')
        .withReviews(aReview().withId('q1').reviewedOn('2026-02-01')),
      aTool()
        .withId('ink')
        .inCategory('Editors')
        .withReviews(aReview().withId('i1').reviewedOn('2026-03-01')),
      aTool().withId('grep').inCategory('Search'),
    );
    const result = new GetCatalogOverview(live, profile).execute();
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.categories).toEqual([
      { name: 'Editors', toolCount: 2 },
      { name: 'Search', toolCount: 1 },
    ]);
    expect(result.value.toolCount).toBe(3);
    expect(result.value.reviewCount).toBe(2);
    expect(result.value.newestReviews.map((r) => r.review.url)).toEqual([
      'https://reviews.example/tools/ink/reviews/i1',
      'https://reviews.example/tools/quill/reviews/q1',
    ]);
    expect(result.value.historicalNotice).toBe(profile.historicalNotice);
  });

  it('reports CATALOG_UNAVAILABLE before anything is published', () => {
    const result = new GetCatalogOverview(new LivePublication(), profile).execute();
    expect(result.ok ? undefined : result.error.code).toBe('CATALOG_UNAVAILABLE');
  });
});

describe('GetReview', () => {
  const live = liveWith(
    aTool()
      .withId('quill')
      .withReviews(aReview().withId('r1').reviewedOn('2026-02-01').withLikes('Fast.')),
  );

  it('returns the review with its tool, notice and rights', () => {
    const result = new GetReview(live, profile).execute({ toolId: 'quill', reviewId: 'r1' });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.review).toMatchObject({
      id: 'r1',
      likes: 'Fast.',
      url: 'https://reviews.example/tools/quill/reviews/r1',
    });
    expect(result.value.tool.url).toBe('https://reviews.example/tools/quill');
    expect(result.value.rights).toEqual(profile.rights);
  });

  it('tells an unknown tool from an unknown review', () => {
    const useCase = new GetReview(live, profile);
    const noTool = useCase.execute({ toolId: 'nope', reviewId: 'r1' });
    const noReview = useCase.execute({ toolId: 'quill', reviewId: 'nope' });
    expect(noTool.ok ? undefined : noTool.error.code).toBe('TOOL_NOT_FOUND');
    expect(noReview.ok ? undefined : noReview.error.code).toBe('REVIEW_NOT_FOUND');
  });
});
