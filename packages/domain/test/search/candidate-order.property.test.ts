import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { orderCandidates, type RankingState } from '../../src/search/candidate-order.js';

/**
 * A catalog of `toolCount` tools in a shuffled tie-break order, and the matcher's state after a
 * search: which tools matched (in any order), with a tier and wholeness each. Tiers lean to one
 * value and wholeness to prefix, so that some groups are small and others large, which makes the
 * candidates reach the rank walk, the small-group sort and the few-candidates sort.
 */
const searchState = fc
  .record({
    toolCount: fc.integer({ min: 1, max: 2500 }),
    density: fc.integer({ min: 0, max: 100 }),
  })
  .chain(({ toolCount, density }) =>
    fc.record({
      toolCount: fc.constant(toolCount),
      // Per tool: its tie-break key, whether it matched (`density` per cent of them do), and its
      // place among the candidates, which come in no particular order.
      tools: fc.array(
        fc.record({
          rankKey: fc.nat(),
          matched: fc.integer({ min: 0, max: 99 }).map((draw) => draw < density),
          candidateKey: fc.nat(),
          tier: fc.constantFrom(0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2),
          whole: fc.constantFrom(0, 0, 0, 0, 0, 1),
        }),
        { minLength: toolCount, maxLength: toolCount },
      ),
      limit: fc.integer({ min: 1, max: 40 }),
    }),
  );

describe('the order of the matching tools', () => {
  it('is by group (tier, then whole before prefix), then by tie-break rank, cut at the limit', () => {
    fc.assert(
      fc.property(searchState, ({ toolCount, tools, limit }) => {
        const keywordOrder = Uint32Array.from(
          Array.from({ length: toolCount }, (_, tool) => tool).sort(
            (a, b) => tools[a]!.rankKey - tools[b]!.rankKey || a - b,
          ),
        );
        const keywordRank = new Uint32Array(toolCount);
        keywordOrder.forEach((tool, rank) => (keywordRank[tool] = rank));
        const state: RankingState = {
          tier: new Uint8Array(toolCount),
          allWhole: new Uint8Array(toolCount),
          candidates: new Uint32Array(toolCount),
          groupOfRank: new Uint8Array(toolCount).fill(0xff),
        };
        const distinct = tools
          .map((drawn, tool) => ({ ...drawn, tool }))
          .filter(({ matched }) => matched)
          .sort((a, b) => a.candidateKey - b.candidateKey);
        distinct.forEach(({ tool, tier, whole }, i) => {
          state.candidates[i] = tool;
          state.tier[tool] = tier;
          state.allWhole[tool] = whole;
        });
        const expected = [...distinct]
          .sort(
            (a, b) =>
              a.tier * 2 + 1 - a.whole - (b.tier * 2 + 1 - b.whole) ||
              (keywordRank[a.tool] as number) - (keywordRank[b.tool] as number),
          )
          .slice(0, limit)
          .map(({ tool }) => tool);
        const order = { keywordRank, keywordOrder };
        expect([...orderCandidates(state, distinct.length, order, limit)]).toEqual(expected);
        // The scratch array is left as it was found, for the next search.
        expect(state.groupOfRank.every((group) => group === 0xff)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
