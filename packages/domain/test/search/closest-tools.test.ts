import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { aReview, aTool, type ToolBuilder } from '@reviews/domain/testing';
import { keywordWeight } from '../../src/search/closest-tools.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import { catalog, category, queryText } from './catalog-arbitraries.js';
import { referenceClosest } from './reference-search.js';

const indexOf = (...tools: ToolBuilder[]): SearchIndex =>
  SearchIndex.build(tools.map((tool) => tool.build()));

function keywordsOf(q: string): readonly string[] {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const closestIds = (index: SearchIndex, q: string, category?: string, limit = 10): string[] =>
  index.closest({ keywords: keywordsOf(q), category }, limit).hits.map((hit) => hit.tool.id);

describe('SearchIndex.closest', () => {
  const index = indexOf(
    aTool()
      .withId('pgloom')
      .named('Pgloom')
      .inCategory('Databases')
      .describedAs('Schema migrations for PostgreSQL, an online tool.'),
    aTool()
      .withId('schemer')
      .named('Schemer')
      .inCategory('Databases')
      .describedAs('A tool that compares schemas.'),
    aTool()
      .withId('runner')
      .named('Runner')
      .inCategory('Testing')
      .describedAs('A tool that runs tests.'),
    aTool()
      .withId('linter')
      .named('Linter')
      .inCategory(null)
      .describedAs('A tool that lints code.'),
    aTool()
      .withId('gridder')
      .named('Gridder')
      .inCategory('Testing')
      .describedAs('Grids for tests.')
      .withReviews(aReview().withLikes('Handles postgres fixtures well.')),
  );

  it('ranks the tool matching the rare keywords first and says which keywords it misses', () => {
    const { hits } = index.closest({ keywords: keywordsOf('tool postgres zero downtime') }, 10);
    expect(hits[0]).toMatchObject({
      tool: { id: 'pgloom' },
      matchedKeywords: ['tool', 'postgres'],
      missingKeywords: ['zero', 'downtime'],
    });
    // Gridder's one rare keyword outweighs the others' common one; ties go by name.
    expect(hits.map((hit) => hit.tool.id)).toEqual([
      'pgloom',
      'gridder',
      'linter',
      'runner',
      'schemer',
    ]);
  });

  it('lets a rare keyword outweigh a common one', () => {
    // `tool` is in four descriptions, `fixtures` in one review.
    expect(closestIds(index, 'tool fixtures')[0]).toBe('gridder');
    expect(keywordWeight(1, 5)).toBeGreaterThan(keywordWeight(4, 5));
  });

  it('weighs a keyword matching nothing at zero and lists it as missing everywhere', () => {
    expect(keywordWeight(0, 5)).toBe(0);
    const { hits } = index.closest({ keywords: keywordsOf('qqqq schemas') }, 10);
    expect(hits.map((hit) => hit.tool.id)).toEqual(['schemer']);
    expect(hits[0]?.missingKeywords).toEqual(['qqqq']);
    expect(index.closest({ keywords: keywordsOf('qqqq zzzz') }, 10).hits).toEqual([]);
  });

  it('counts a keyword in the profile twice as much as one only a review mentions', () => {
    // `postgres` is in Pgloom's description and only in a review of Gridder.
    const { hits } = index.closest({ keywords: keywordsOf('postgres qqqq') }, 10);
    expect(hits.map((hit) => hit.tool.id)).toEqual(['pgloom', 'gridder']);
  });

  it('keeps to the category, and finds nothing in a category no tool has', () => {
    expect(closestIds(index, 'tool postgres zero', 'Testing')).toEqual(['runner', 'gridder']);
    expect(closestIds(index, 'tool postgres zero', 'Nowhere')).toEqual([]);
  });

  it('gives at most limit tools', () => {
    expect(closestIds(index, 'tool qqqq', undefined, 2)).toHaveLength(2);
    expect(closestIds(index, 'tool qqqq', undefined, 0)).toEqual([]);
  });

  it('takes the excerpt from the keywords the tool matched and cites the review it came from', () => {
    const { hits } = index.closest({ keywords: keywordsOf('fixtures qqqq') }, 10);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.excerpt.source).toBe('likes');
    expect(hits[0]?.excerpt.text).toBe('Handles postgres fixtures well.');
    expect(hits[0]?.excerpt.review).toBeDefined();
  });

  it('counts the postings read, and none when the same answer is asked again', () => {
    const fresh = indexOf(aTool().describedAs('alpha beta'), aTool().describedAs('alpha gamma'));
    const request = { keywords: keywordsOf('alpha beta gamma') };
    expect(fresh.closest(request, 10).postingsRead).toBe(4);
    const again = fresh.closest(request, 10);
    expect(again.postingsRead).toBe(0);
    expect(again.hits).toHaveLength(2);
  });

  it('finds the tools the naive reference finds, in its order, with the same missing keywords', () => {
    fc.assert(
      fc.property(
        catalog,
        queryText,
        category,
        fc.integer({ min: 1, max: 20 }),
        (tools, q, filter, limit) => {
          const parsed = parseSearchQuery(q);
          if (!parsed.ok) return;
          const found = SearchIndex.build(tools)
            .closest({ keywords: parsed.value, category: filter }, limit)
            .hits.map((hit) => ({
              id: hit.tool.id,
              matched: hit.matchedKeywords,
              missing: hit.missingKeywords,
            }));
          expect(found).toEqual(referenceClosest(tools, parsed.value, filter, limit));
        },
      ),
      { numRuns: 200 },
    );
  });
});
