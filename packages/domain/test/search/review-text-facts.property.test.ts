import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ReviewTextFacts, signatureBit } from '../../src/search/review-text-facts.js';
import { aReview, aTool } from '../../src/testing/catalog-builders.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import { indexTerms } from '../../src/search/tokenizer.js';
import { toolExcerpt } from '../../src/search/tool-excerpt.js';
import { catalog, queryText } from './catalog-arbitraries.js';

/*
 * The index tells excerpts which review texts are plain (ASCII without apostrophes) so that
 * probing them skips those checks, and which keywords a text may hold (its term signature) so that
 * most texts are never read. The vocabulary mixes plain words with `don't`, `café`, `ﬁle`, Greek
 * and compounds, so a wrong flag or a missing bit changes which keywords a text is found to hold.
 */
describe('review text facts', () => {
  it('flags exactly the review texts that are ASCII without apostrophes', () => {
    fc.assert(
      fc.property(catalog, (tools) => {
        const plain = new ReviewTextFacts(tools);
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

  it('has the bit of every prefix of every term a review text is indexed under', () => {
    fc.assert(
      fc.property(catalog, (tools) => {
        const facts = new ReviewTextFacts(tools);
        tools.forEach((tool, ordinal) =>
          tool.reviews.forEach((review, index) => {
            for (const source of ['likes', 'dislikes'] as const) {
              for (const term of indexTerms(review[source])) {
                // Shorter prefixes have no bit (-1), which every signature holds.
                for (let length = 3; length <= term.length; length++) {
                  const bit = signatureBit(term.slice(0, length));
                  expect(facts.mayHold(ordinal, index, source, bit)).toBe(true);
                }
              }
            }
          }),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('rules texts out: a bit no term has is clear in most signatures', () => {
    const tools = [
      aTool()
        .withReviews(aReview().withLikes('Fast builds, tidy logs.').withDislikes('Slow docs.'))
        .build(),
    ];
    const facts = new ReviewTextFacts(tools);
    expect(facts.mayHold(0, 0, 'likes', signatureBit('builds'))).toBe(true);
    expect(facts.mayHold(0, 0, 'dislikes', signatureBit('doc'))).toBe(true);
    const absent = ['postgres', 'kafka', 'zebra', 'quantum', 'webpack'].map(signatureBit);
    const held = absent.filter((bit) => facts.mayHold(0, 0, 'dislikes', bit));
    expect(held.length).toBeLessThan(absent.length);
    // Keywords shorter than three characters are never filtered.
    expect(signatureBit('go')).toBe(-1);
    expect(facts.mayHold(0, 0, 'dislikes', -1)).toBe(true);
  });

  it('says a tool is newest first exactly when no review is newer than one before it', () => {
    const dated = (reviewedOn: string, updatedAt: string) =>
      aReview().reviewedOn(reviewedOn).updatedAt(updatedAt);
    const tools = [
      aTool()
        .withReviews(
          dated('2026-03-01', '2026-03-02T00:00:00Z'),
          dated('2026-03-01', '2026-03-01T00:00:00Z'),
          dated('2025-01-01', '2026-05-01T00:00:00Z'),
        )
        .build(),
      aTool()
        .withReviews(
          dated('2025-01-01', '2025-01-01T00:00:00Z'),
          dated('2026-03-01', '2026-03-01T00:00:00Z'),
        )
        .build(),
      aTool()
        .withReviews(
          dated('2026-03-01', '2026-03-01T00:00:00Z'),
          dated('2026-03-01', '2026-03-02T00:00:00Z'),
        )
        .build(),
      aTool().withReviews(dated('2026-03-01', '2026-03-01T00:00:00Z')).build(),
      aTool().build(),
    ];
    const facts = new ReviewTextFacts(tools);
    // Asked twice: the second answer is the one kept.
    for (let round = 0; round < 2; round++)
      expect(tools.map((_, ordinal) => facts.newestFirst(ordinal))).toEqual([
        true,
        false,
        false,
        true,
        true,
      ]);
    // Keeping the order beside the first review's flags changes none of them.
    expect(facts.isPlain(0, 0, 'likes')).toBe(true);
  });

  it('gives every hit the excerpt built without knowing anything of the texts', () => {
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
