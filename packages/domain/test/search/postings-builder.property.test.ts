import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { aReview, aTool, aToolWithTexts } from '@reviews/domain/testing';
import type { Tool } from '../../src/catalog/tool.js';
import {
  buildPostings,
  forEachSearchedText,
  METADATA_FIELD,
  PostingsCollector,
  NAME_FIELD,
  REVIEW_FIELD,
  type Postings,
  type SortedBatchStore,
} from '../../src/search/postings-builder.js';
import { ENTRY_VALUE_BITS, FIELD_MASK } from '../../src/search/posting-entry.js';
import { indexTerms } from '../../src/search/tokenizer.js';
import { word } from './catalog-arbitraries.js';

/**
 * The postings as their definition states them, with none of the builder's shortcuts: every
 * term `indexTerms` gives for a tool's texts, best field first, in UTF-16 unit order.
 */
function referencePostings(tools: readonly Tool[]) {
  const bestField = new Map<string, Map<number, number>>();
  tools.forEach((tool, ordinal) => {
    const texts: [number, string][] = [
      [NAME_FIELD, tool.name],
      [METADATA_FIELD, tool.description],
      ...(tool.category === null ? [] : [[METADATA_FIELD, tool.category] as [number, string]]),
      ...(tool.stacks?.tags ?? []).map((tag): [number, string] => [METADATA_FIELD, tag.label]),
      ...tool.reviews.flatMap((review): [number, string][] => [
        [REVIEW_FIELD, review.likes],
        [REVIEW_FIELD, review.dislikes],
      ]),
    ];
    for (const [field, text] of texts) {
      for (const term of indexTerms(text)) {
        const byTool = bestField.get(term) ?? new Map<number, number>();
        bestField.set(term, byTool);
        if (!byTool.has(ordinal)) byTool.set(ordinal, field);
      }
    }
  });
  const terms = [...bestField.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const offsets = [0];
  const postingTools: number[] = [];
  const fields: number[] = [];
  for (const term of terms) {
    const byTool = [...(bestField.get(term) ?? [])].sort(([a], [b]) => a - b);
    for (const [ordinal, field] of byTool) {
      postingTools.push(ordinal);
      fields.push(field);
    }
    offsets.push(postingTools.length);
  }
  return { terms, offsets, tools: postingTools, fields };
}

/** The postings as plain arrays, each entry read as its tool and its field (`posting-entry.ts`). */
const plain = (postings: Postings) => ({
  terms: [...postings.dictionary.terms],
  offsets: [...postings.offsets],
  tools: Array.from(postings.entries, (entry) => entry >>> ENTRY_VALUE_BITS),
  fields: Array.from(postings.entries, (entry) => entry & FIELD_MASK),
});

// ASCII texts with every case, joiner and suffix the scanner tells apart, words long enough to
// be kept as substrings by V8, and now and then a non-ASCII character (the other path).
const asciiUnit = fc.constantFrom(..."aAbBqQzZ09._+#' -,\n".split(''));
const asciiText = fc.string({ unit: asciiUnit, maxLength: 40 });
const longWords = fc
  .array(fc.constantFrom('Observability', 'OBSERVABILITYSTACK', 'observability.Platform', 'x'), {
    maxLength: 4,
  })
  .map((words) => words.join(' '));
const mixedText = fc.string({ unit: fc.oneof(asciiUnit, fc.constantFrom('é', 'İ', 'ß', '’')) });
const vocabularyText = fc.array(word, { maxLength: 8 }).map((words) => words.join(' '));
const text = fc.oneof(asciiText, longWords, mixedText, vocabularyText);

/** Tools whose every searched text is drawn from `texts`. */
const toolWith = (texts: fc.Arbitrary<string>) =>
  fc
    .record({
      name: texts,
      description: texts,
      category: fc.option(texts),
      labels: fc.array(texts, { maxLength: 2 }),
      reviews: fc.array(fc.tuple(texts, texts), { maxLength: 3 }),
    })
    .map(aToolWithTexts);
const tool = toolWith(text);

describe('buildPostings', () => {
  it('indexes each tool under exactly the terms indexTerms gives, with its best field', () => {
    fc.assert(
      fc.property(fc.array(tool, { maxLength: 12 }), (tools) => {
        expect(plain(buildPostings(tools))).toEqual(referencePostings(tools));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same postings whatever batches the pairs are sorted in', () => {
    fc.assert(
      fc.property(
        fc.array(tool, { maxLength: 12 }),
        fc.integer({ min: 1, max: 40 }),
        (tools, batchPairs) => {
          const collector = new PostingsCollector({ batchPairs });
          for (const each of tools) {
            collector.startTool();
            forEachSearchedText(each, (field, text) => collector.addText(field, text));
          }
          expect(plain(collector.finish())).toEqual(referencePostings(tools));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same postings with its batches kept elsewhere, never reading what it gave away', () => {
    /** Keeps copies, spoils the arrays it was given, and counts what it was asked. */
    class CopyingStore implements SortedBatchStore {
      readonly kept: Uint32Array[] = [];
      cleared = 0;
      allocate(length: number): Uint32Array {
        return new Uint32Array(length);
      }
      keep(entries: Uint32Array): void {
        this.kept.push(entries.slice());
        entries.fill(0xffffffff);
      }
      copy(batch: number, from: number, to: number, into: Uint32Array, at: number): void {
        into.set(this.kept[batch]!.subarray(from, to), at);
      }
      clear(): void {
        this.cleared++;
      }
    }
    fc.assert(
      fc.property(
        fc.array(tool, { maxLength: 12 }),
        fc.integer({ min: 1, max: 40 }),
        (tools, batchPairs) => {
          const store = new CopyingStore();
          const collector = new PostingsCollector({ batchPairs, store });
          for (const each of tools) {
            collector.startTool();
            forEachSearchedText(each, (field, text) => collector.addText(field, text));
          }
          expect(plain(collector.finish())).toEqual(referencePostings(tools));
          expect(store.cleared).toBe(1);
          if (tools.length > 0) expect(store.kept.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads an ASCII text given as bytes between its bounds only, whatever bytes surround it', () => {
    // The worker's texts arrive side by side in one chunk: a word that runs on past either bound
    // must not join the text's first or last token.
    const asciiTool = toolWith(asciiText);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(asciiTool, asciiText, asciiText), { maxLength: 8 }),
        (cases) => {
          const collector = new PostingsCollector();
          const encoder = new TextEncoder();
          for (const [each, before, after] of cases) {
            collector.startTool();
            forEachSearchedText(each, (field, text) => {
              const from = before.length;
              const bytes = encoder.encode(before + text + after);
              collector.addAsciiBytes(field, bytes, from, from + text.length);
            });
          }
          const tools = cases.map(([each]) => each);
          expect(plain(collector.finish())).toEqual(referencePostings(tools));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('indexes texts longer than any before them, and short ones after them, alike', () => {
    // The builder reuses one byte buffer and grows it for a longer text; what a long text left
    // past the end of a short one must not become part of the short one's last word.
    const long = `${'Lorem ipsum dolor '.repeat(2_000)}TAILWORD`;
    const tools = [
      aTool().named('Short').describedAs('tiny').build(),
      aTool()
        .named('Long')
        .describedAs(long)
        .withReviews(aReview().withLikes('ab').withDislikes(`${long} é`).build())
        .build(),
      aTool().named('Ip').describedAs('lo').build(),
    ];
    expect(plain(buildPostings(tools))).toEqual(referencePostings(tools));
  });

  it('folds upper-case ASCII words to the same term as their lower-case spelling', () => {
    const tools = [
      aTool().named('PostgreSQL Observability').build(),
      aTool().named('postgresql OBSERVABILITY').build(),
    ];
    const { terms, offsets, tools: ordinals } = plain(buildPostings(tools));
    const postgres = terms.indexOf('postgresql');
    expect(terms).not.toContain('PostgreSQL');
    expect(ordinals.slice(offsets[postgres], offsets[postgres + 1])).toEqual([0, 1]);
  });
});
