import type { ToolOrder } from './tool-order.js';

/** The matcher's per-tool ranking results, in typed arrays reused across searches. */
export interface RankingState {
  /** Per tool: the largest of its keywords' best fields. */
  readonly tier: Uint8Array;
  /** Per tool: 1 when every keyword matched a whole term in its best field. */
  readonly allWhole: Uint8Array;
  /** The matching tools (the first `count` entries), in no particular order. */
  readonly candidates: Uint32Array;
  /** Scratch, per tie-break rank: the candidate's sort group, 0xff when none; left all 0xff. */
  readonly groupOfRank: Uint8Array;
}

const GROUPS = 6;

/** Sort group of a candidate: tier first, then whole before prefix. */
const groupOf = (state: RankingState, tool: number): number =>
  (state.tier[tool] as number) * 2 + (state.allWhole[tool] === 1 ? 0 : 1);

/**
 * The first `limit` of the `count` candidates in result order: by group, then by the precomputed
 * tie-break rank (recency, name, id). Few candidates are sorted by one integer key each; many
 * are distributed over the ranks in one pass, which costs one step per tool but no comparisons
 * and stops once the first `limit` positions are filled.
 */
export function orderCandidates(
  state: RankingState,
  count: number,
  order: ToolOrder,
  limit: number,
): Uint32Array {
  const { keywordRank, keywordOrder } = order;
  const { candidates, groupOfRank } = state;
  const toolCount = keywordRank.length;
  const size = Math.min(count, limit);
  if (count * 16 < toolCount) {
    const keys = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const tool = candidates[i] as number;
      keys[i] = groupOf(state, tool) * toolCount + (keywordRank[tool] as number);
    }
    keys.sort();
    return Uint32Array.from(
      keys.subarray(0, size),
      (key) => keywordOrder[key % toolCount] as number,
    );
  }
  const next = new Uint32Array(GROUPS + 1);
  for (let i = 0; i < count; i++) {
    const tool = candidates[i] as number;
    const group = groupOf(state, tool);
    groupOfRank[keywordRank[tool] as number] = group;
    next[group + 1] = (next[group + 1] as number) + 1;
  }
  for (let group = 1; group <= GROUPS; group++)
    next[group] = (next[group] as number) + (next[group - 1] as number);
  const result = new Uint32Array(size);
  let placed = 0;
  for (let rank = 0; rank < toolCount && placed < size; rank++) {
    const group = groupOfRank[rank] as number;
    if (group === 0xff) continue;
    // Candidates reach their group in rank order, so a group's counter is the next position in it.
    const position = next[group] as number;
    next[group] = position + 1;
    if (position < size) {
      result[position] = keywordOrder[rank] as number;
      placed++;
    }
  }
  for (let i = 0; i < count; i++)
    groupOfRank[keywordRank[candidates[i] as number] as number] = 0xff;
  return result;
}
