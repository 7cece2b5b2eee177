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
 * A group with at most this many candidates is sorted on its own instead of found by walking the
 * ranks: a walk stops only once every group before the page's end has filled its part of the
 * page, so one small group whose members have late ranks made it read almost every rank.
 */
const SORTED_GROUP = 64;

/**
 * The first `limit` of the `count` candidates in result order: by group, then by the precomputed
 * tie-break rank (recency, name, id). Few candidates are sorted by one integer key each; many
 * are counted by group, and each group that reaches into the first `limit` positions is then
 * ordered by itself: a small group sorted by rank, the others distributed over the ranks in one
 * pass, which costs one step per rank but no comparisons and stops once their positions are
 * filled.
 */
export function orderCandidates(
  state: RankingState,
  count: number,
  order: Pick<ToolOrder, 'keywordRank' | 'keywordOrder'>,
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
  // Per group: sorted on its own (1), walked (2), or not on the page (0); how many positions
  // the walk fills, and how many candidates the sorted groups have.
  const way = new Uint8Array(GROUPS);
  let walkedPositions = 0;
  let sortedCandidates = 0;
  for (let group = 0; group < GROUPS; group++) {
    const members = next[group + 1] as number;
    const first = next[group] as number;
    next[group + 1] = first + members;
    if (first >= size || members === 0) continue;
    if (members <= SORTED_GROUP) {
      way[group] = 1;
      sortedCandidates += members;
    } else {
      way[group] = 2;
      walkedPositions += Math.min(members, size - first);
    }
  }
  const result = new Uint32Array(size);
  if (sortedCandidates > 0) {
    const keys = new Uint32Array(sortedCandidates);
    let at = 0;
    for (let i = 0; i < count && at < sortedCandidates; i++) {
      const rank = keywordRank[candidates[i] as number] as number;
      const group = groupOfRank[rank] as number;
      if (way[group] === 1) keys[at++] = group * toolCount + rank;
    }
    keys.sort();
    for (const key of keys) {
      const group = Math.floor(key / toolCount);
      const position = next[group] as number;
      next[group] = position + 1;
      if (position < size) result[position] = keywordOrder[key % toolCount] as number;
    }
  }
  let placed = 0;
  for (let rank = 0; rank < toolCount && placed < walkedPositions; rank++) {
    const group = groupOfRank[rank] as number;
    if (group === 0xff || way[group] !== 2) continue;
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
