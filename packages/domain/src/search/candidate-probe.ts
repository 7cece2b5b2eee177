import { ENTRY_VALUE_BITS, FIELD_MASK, WHOLE_BIT } from './posting-entry.js';

/**
 * One run of postings to scan for a keyword: a term's, or a prefix shortcut's: `entries[from]`
 * to `entries[to - 1]` (see `posting-entry.ts`).
 */
export interface PostingRun {
  readonly entries: Uint32Array;
  readonly from: number;
  readonly to: number;
  /** 1 when the run is the keyword's own term; shortcut entries carry {@link WHOLE_BIT}. */
  readonly whole: number;
}

/** About how many postings a scan reads in the time of one binary-search step (an estimate). */
export const PROBE_COST = 4;

/** The matcher's per-tool working arrays that a probe reads and updates. */
export interface ProbeState {
  readonly stamp: Uint32Array;
  readonly best: Uint8Array;
  readonly whole: Uint8Array;
  readonly candidates: Uint32Array;
}

/** The entry of `tool` in `entries[from, to)` (ascending), or -1 when it has none. */
function entryOf(entries: Uint32Array, from: number, to: number, tool: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle] as number) >>> ENTRY_VALUE_BITS < tool) low = middle + 1;
    else high = middle;
  }
  return low < to && (entries[low] as number) >>> ENTRY_VALUE_BITS === tool ? low : -1;
}

/**
 * Keeps, of the first `count` candidates (every one stamped `mark - 1`), those that `runs` hold,
 * stamping them `mark` and noting their best field and wholeness exactly as reading the runs in
 * order would: the first run holding a tool sets both, a later one with a strictly better field
 * (a longer term) sets the field and clears wholeness. Runs list each tool at most once, in
 * ascending order. Returns how many candidates are kept, in their earlier order.
 */
export function probeCandidates(
  state: ProbeState,
  runs: readonly PostingRun[],
  count: number,
  mark: number,
): number {
  const { stamp, best, whole, candidates } = state;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const tool = candidates[i] as number;
    let found = false;
    for (const run of runs) {
      const at = entryOf(run.entries, run.from, run.to, tool);
      if (at < 0) continue;
      const entry = run.entries[at] as number;
      const field = entry & FIELD_MASK;
      if (!found) {
        found = true;
        best[tool] = field;
        whole[tool] = (entry & WHOLE_BIT) !== 0 ? 1 : run.whole;
      } else if (field < (best[tool] as number)) {
        best[tool] = field;
        whole[tool] = 0;
      }
    }
    if (!found) continue;
    stamp[tool] = mark;
    // Never ahead of `i`: the kept candidates are a prefix-ordered subsequence of the old ones.
    candidates[kept++] = tool;
  }
  return kept;
}
