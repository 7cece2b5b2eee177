import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Tool } from '../../src/catalog/tool.js';
import { pageWindow } from '../../src/paging/page-window.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import { indexTerms } from '../../src/search/tokenizer.js';
import type { SearchHit, SearchResultList } from '../../src/search/search-types.js';
import { catalog, category, query, queryText } from './catalog-arbitraries.js';
import { matchesAll, referenceSearch } from './reference-search.js';

function walkPages(list: SearchResultList, limit: number): SearchHit[] {
  const hits: SearchHit[] = [];
  let cursor: number | null = 0;
  while (cursor !== null) {
    const window = pageWindow(list.total, cursor, limit);
    if (!window.ok) throw new Error(window.error.message);
    hits.push(...list.hits(window.value.start, window.value.end));
    cursor = window.value.nextCursor;
  }
  return hits;
}

const mentions = (text: string, keywords: readonly string[]): boolean =>
  indexTerms(text).some((term) => keywords.some((keyword) => term.startsWith(keyword)));

/** The keywords of `q`; none (browse) when `q` has none, such as `.`. */
const keywordsOf = (q: string): readonly string[] => {
  const parsed = parseSearchQuery(q);
  return parsed.ok ? parsed.value : [];
};

describe('SearchIndex properties', () => {
  it('pages through exactly the matching tools, each once, in the reference order', () => {
    fc.assert(
      fc.property(
        catalog,
        query,
        category,
        fc.integer({ min: 1, max: 20 }),
        (tools, q, inCategory, limit) => {
          const keywords = keywordsOf(q);
          const list = SearchIndex.build(tools).search({ keywords, category: inCategory });
          const ids = walkPages(list, limit).map((hit) => hit.tool.id);
          expect(ids).toEqual(referenceSearch(tools, keywords, inCategory));
          expect(list.total).toBe(ids.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same hits and excerpts when a page is asked again as when first built', () => {
    fc.assert(
      fc.property(
        catalog,
        queryText,
        fc.array(fc.tuple(fc.nat(30), fc.integer({ min: 1, max: 20 })), {
          minLength: 1,
          maxLength: 4,
        }),
        (tools, q, ranges) => {
          const keywords = keywordsOf(q);
          fc.pre(keywords.length > 0);
          const index = SearchIndex.build(tools);
          const kept = index.search({ keywords });
          // Every range asked of the cached list (whose excerpts are kept), then of a fresh one.
          for (const [start, length] of ranges) kept.hits(start, start + length);
          for (const [start, length] of ranges) {
            const fresh = SearchIndex.build(tools).search({ keywords });
            expect(kept.hits(start, start + length)).toEqual(fresh.hits(start, start + length));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns only tools that every keyword matches', () => {
    fc.assert(
      fc.property(catalog, queryText, (tools, q) => {
        const keywords = keywordsOf(q);
        fc.pre(keywords.length > 0);
        const list = SearchIndex.build(tools).search({ keywords });
        for (const hit of list.hits(0, list.total))
          expect(matchesAll(hit.tool, keywords)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('orders the same whatever order the tools are given in', () => {
    fc.assert(
      fc.property(catalog, query, (tools, q) => {
        const keywords = keywordsOf(q);
        const ids = (input: readonly Tool[]) => {
          const list = SearchIndex.build(input).search({ keywords });
          return list.hits(0, list.total).map((hit) => hit.tool.id);
        };
        expect(ids([...tools].reverse())).toEqual(ids(tools));
      }),
      { numRuns: 200 },
    );
  });

  it('cuts excerpts of at most 240 code points from the cited text, around a match when there is one', () => {
    fc.assert(
      fc.property(catalog, queryText, (tools, q) => {
        const keywords = keywordsOf(q);
        fc.pre(keywords.length > 0);
        const list = SearchIndex.build(tools).search({ keywords });
        for (const { tool, excerpt } of list.hits(0, list.total)) {
          if (excerpt === undefined) throw new Error('keyword hits must have an excerpt');
          expect(Array.from(excerpt.text).length).toBeLessThanOrEqual(240);
          const source =
            excerpt.source === 'tool' ? tool.description : excerpt.review?.[excerpt.source];
          const inner = excerpt.text.replace(/^…/, '').replace(/…$/, '');
          expect(source).toContain(inner);
          if (mentions(source ?? '', keywords)) expect(mentions(inner, keywords)).toBe(true);
          expect(excerpt.review === undefined).toBe(excerpt.source === 'tool');
          if (excerpt.review !== undefined) expect(tool.reviews).toContain(excerpt.review);
        }
      }),
      { numRuns: 200 },
    );
  });
});
