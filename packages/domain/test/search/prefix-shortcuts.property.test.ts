import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { buildPostings, type Postings } from '../../src/search/postings-builder.js';
import { ENTRY_VALUE_BITS, FIELD_MASK, WHOLE_BIT } from '../../src/search/posting-entry.js';
import { buildPrefixShortcuts, type ShortcutPolicy } from '../../src/search/prefix-shortcuts.js';
import { catalog } from './catalog-arbitraries.js';

/**
 * The shortcuts by their definition, prefix by prefix, from the postings of each term: a prefix
 * of at most `maxLength` units has one when it and every shorter prefix of it are heavy (at
 * least `minPostingsPerTool` postings a tool, more than one term) and merging shrinks its
 * postings `minShrink` times; each tool's entry has the best field of any of its terms there,
 * marked whole when the prefix itself is a term of the tool in that field. In prefix order.
 */
function referenceShortcuts(postings: Postings, toolCount: number, policy: ShortcutPolicy) {
  const terms = postings.dictionary.terms;
  const termsOf = (prefix: string) =>
    terms.flatMap((term, p) => (term.startsWith(prefix) ? [p] : []));
  const postingsOf = (positions: number[]) =>
    positions.reduce((sum, p) => sum + postings.offsets[p + 1]! - postings.offsets[p]!, 0);
  const heavy = (prefix: string) => {
    const positions = termsOf(prefix);
    return (
      postingsOf(positions) >= Math.max(1, toolCount * policy.minPostingsPerTool) &&
      positions.length > 1
    );
  };
  const prefixes = new Set(
    terms.flatMap((term) =>
      Array.from({ length: Math.min(term.length, policy.maxLength) }, (_, i) =>
        term.slice(0, i + 1),
      ),
    ),
  );
  const expected = new Map<string, { tools: number[]; fields: number[] }>();
  for (const prefix of [...prefixes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const lengths = Array.from({ length: prefix.length }, (_, i) => i + 1);
    if (!lengths.every((length) => heavy(prefix.slice(0, length)))) continue;
    const best = new Map<number, { field: number; whole: boolean }>();
    for (const p of termsOf(prefix))
      for (let entry = postings.offsets[p]!; entry < postings.offsets[p + 1]!; entry++) {
        const tool = postings.entries[entry]! >>> ENTRY_VALUE_BITS;
        const field = postings.entries[entry]! & FIELD_MASK;
        const whole = terms[p] === prefix;
        const seen = best.get(tool);
        if (seen === undefined || field < seen.field) best.set(tool, { field, whole });
        else if (field === seen.field && whole) seen.whole = true;
      }
    if (best.size * policy.minShrink > postingsOf(termsOf(prefix))) continue;
    const tools = [...best.keys()].sort((a, b) => a - b);
    expected.set(prefix, {
      tools,
      fields: tools.map((tool) => best.get(tool)!.field | (best.get(tool)!.whole ? WHOLE_BIT : 0)),
    });
  }
  return expected;
}

const policy = fc.record({
  maxLength: fc.integer({ min: 1, max: 6 }),
  minPostingsPerTool: fc.constantFrom(0, 0.2, 0.5, 1, 2),
  minShrink: fc.constantFrom(1, 1.5, 2, 3),
});

describe('buildPrefixShortcuts', () => {
  it('gives the shortcuts of their definition, merged entries and order included', () => {
    fc.assert(
      fc.property(catalog, policy, (tools, chosen) => {
        const postings = buildPostings(tools);
        const built = buildPrefixShortcuts(postings, tools.length, chosen);
        const actual = new Map(
          [...built].map(([prefix, merged]) => [
            prefix,
            {
              tools: Array.from(merged.entries, (entry) => entry >>> ENTRY_VALUE_BITS),
              fields: Array.from(merged.entries, (entry) => entry & (FIELD_MASK | WHOLE_BIT)),
            },
          ]),
        );
        expect([...actual]).toEqual([...referenceShortcuts(postings, tools.length, chosen)]);
      }),
      { numRuns: 300 },
    );
  });
});
