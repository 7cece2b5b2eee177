import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PlainReviewTexts } from '../../src/search/plain-review-texts.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import { toolExcerpt } from '../../src/search/tool-excerpt.js';
import { catalog, queryText } from './catalog-arbitraries.js';

/*
 * The index tells excerpts which review texts are plain (ASCII without apostrophes) so that
 * probing them skips those checks. The vocabulary mixes plain words with `don't`, `café`,
 * `ﬁle` and Greek, so a wrong flag changes which keywords a text is found to hold.
 */
describe('plain review texts', () => {
  it('flags exactly the review texts that are ASCII without apostrophes', () => {
    fc.assert(
      fc.property(catalog, (tools) => {
        const plain = new PlainReviewTexts(tools);
        // Tools in reverse, so that a tool's flags are learned after those of the tools after it.
        for (let ordinal = tools.length - 1; ordinal >= 0; ordinal--) {
          tools[ordinal]?.reviews.forEach((review, index) => {
            for (const source of ['likes', 'dislikes'] as const) {
              const text = review[source];
              expect(plain.isPlain(ordinal, index, source)).toBe(
                Array.from(text).every((char) => char.charCodeAt(0) < 0x80) && !text.includes("'"),
              );
            }
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('gives every hit the excerpt built without knowing which texts are plain', () => {
    fc.assert(
      fc.property(catalog, queryText, queryText, (tools, q, other) => {
        const index = SearchIndex.build(tools);
        // Another query first, so that the flags of some tools are already learned.
        for (const text of [other, q]) {
          const parsed = parseSearchQuery(text);
          if (!parsed.ok) continue;
          const list = index.search({ keywords: parsed.value });
          for (const hit of list.hits(0, list.total))
            expect(hit.excerpt).toEqual(toolExcerpt(hit.tool, parsed.value));
        }
      }),
      { numRuns: 300 },
    );
  });
});
