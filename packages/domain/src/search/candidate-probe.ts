import { WHOLE_BIT } from './prefix-shortcuts.js';

/** One run of postings to scan for a keyword: a term's, or a prefix shortcut's. */
export interface PostingRun {
  readonly tools: Uint32Array;
  readonly fields: Uint8Array;
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

/** The entry of `tool` in `tools[from, to)` (ascending), or -1 when it has none. */
function entryOf(tools: Uint32Array, from: number, to: number, tool: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((tools[middle] as number) < tool) low = middle + 1;
    else high = middle;
  }
  return low < to && tools[low] === tool ? low : -1;
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
      const entry = entryOf(run.tools, run.from, run.to, tool);
      if (entry < 0) continue;
      const value = run.fields[entry] as number;
      const field = value & ~WHOLE_BIT;
      if (!found) {
        found = true;
        best[tool] = field;
        whole[tool] = value >= WHOLE_BIT ? 1 : run.whole;
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
