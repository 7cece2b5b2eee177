import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Tool } from '../../src/catalog/tool.js';
import { KeywordMatcher } from '../../src/search/keyword-matcher.js';
import { buildPostings } from '../../src/search/postings-builder.js';
import { buildPrefixShortcuts } from '../../src/search/prefix-shortcuts.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import { computeToolOrder } from '../../src/search/tool-order.js';
import { catalog, queryText } from './catalog-arbitraries.js';
import { referenceSearch } from './reference-search.js';

/** Matchers over one catalog: without prefix shortcuts, and with one for every possible prefix. */
function matchers(tools: readonly Tool[]) {
  const postings = buildPostings(tools);
  const order = computeToolOrder(tools);
  const everyPrefix = buildPrefixShortcuts(postings, tools.length, {
    maxLength: 40,
    minPostingsPerTool: 0,
    minShrink: 1,
  });
  return {
    plain: new KeywordMatcher(postings, new Map(), order),
    shortcut: new KeywordMatcher(postings, everyPrefix, order),
    shortcutCount: everyPrefix.size,
  };
}

const idsOf = (tools: readonly Tool[], ordinals: Uint32Array): string[] =>
  Array.from(ordinals, (ordinal) => tools[ordinal]?.id ?? '?');

describe('KeywordMatcher', () => {
  it('orders the same with or without prefix shortcuts, as the reference does', () => {
    fc.assert(
      fc.property(catalog, queryText, (tools, q) => {
        const parsed = parseSearchQuery(q);
        fc.pre(parsed.ok && parsed.value.length > 0);
        const keywords = parsed.ok ? parsed.value : [];
        const { plain, shortcut } = matchers(tools);
        const expected = referenceSearch(tools, keywords);
        expect(idsOf(tools, shortcut.match(keywords).ordinals)).toEqual(expected);
        expect(idsOf(tools, plain.match(keywords).ordinals)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('finds and orders the same whether later keywords are read or looked up per candidate', () => {
    fc.assert(
      fc.property(catalog, queryText, fc.boolean(), (tools, q, withShortcuts) => {
        const parsed = parseSearchQuery(q);
        fc.pre(parsed.ok && parsed.value.length > 1);
        const keywords = parsed.ok ? parsed.value : [];
        const postings = buildPostings(tools);
        const order = computeToolOrder(tools);
        const shortcuts = withShortcuts
          ? buildPrefixShortcuts(postings, tools.length, {
              maxLength: 40,
              minPostingsPerTool: 0,
              minShrink: 1,
            })
          : new Map();
        const expected = referenceSearch(tools, keywords);
        for (const strategy of ['scan', 'probe', 'alternate', 'auto'] as const) {
          const matcher = new KeywordMatcher(postings, shortcuts, order, strategy);
          const { total, ordinals } = matcher.match(keywords);
          expect(idsOf(tools, ordinals)).toEqual(expected);
          expect(total).toBe(expected.length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('builds shortcuts for prefixes shared by several terms', () => {
    const tools = ['postgres', 'postgresql', 'post'].map((name, i) => ({
      id: `t${i}`,
      name,
      description: '',
      website: '',
      category: null,
      reviews: [],
      stacks: null,
    }));
    expect(matchers(tools).shortcutCount).toBeGreaterThan(0);
  });

  it('keeps its result the same across many searches (reused working state)', () => {
    fc.assert(
      fc.property(
        catalog,
        fc.array(queryText, { minLength: 2, maxLength: 6 }),
        (tools, queries) => {
          const { plain } = matchers(tools);
          for (const q of queries) {
            const parsed = parseSearchQuery(q);
            if (!parsed.ok || parsed.value.length === 0) continue;
            expect(idsOf(tools, plain.match(parsed.value).ordinals)).toEqual(
              referenceSearch(tools, parsed.value),
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('returns the first `limit` results and the full total', () => {
    fc.assert(
      fc.property(catalog, queryText, fc.integer({ min: 0, max: 30 }), (tools, q, limit) => {
        const parsed = parseSearchQuery(q);
        fc.pre(parsed.ok && parsed.value.length > 0);
        const keywords = parsed.ok ? parsed.value : [];
        const { plain } = matchers(tools);
        const expected = referenceSearch(tools, keywords);
        const { total, ordinals } = plain.match(keywords, undefined, limit);
        expect(total).toBe(expected.length);
        expect(idsOf(tools, ordinals)).toEqual(expected.slice(0, limit));
      }),
      { numRuns: 200 },
    );
  });
});
