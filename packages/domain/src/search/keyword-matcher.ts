import { ENTRY_VALUE_BITS, FIELD_MASK, WHOLE_BIT } from './posting-entry.js';
import type { Postings } from './postings-builder.js';
import type { MergedPostings } from './prefix-shortcuts.js';
import { orderCandidates, type RankingState } from './candidate-order.js';
import {
  PROBE_COST,
  probeCandidates,
  type PostingRun,
  type ProbeState,
} from './candidate-probe.js';
import type { ToolOrder } from './tool-order.js';

/** Tools to consider: only those whose category id is `categoryId`. */
export interface ToolFilter {
  readonly categoryOf: Int32Array;
  readonly categoryId: number;
}

/** The outcome of {@link KeywordMatcher.match}. */
interface KeywordMatches {
  readonly total: number;
  readonly ordinals: Uint32Array;
}

/**
 * Finds and orders the tools that match every keyword (docs/api.md#search-rules-in-short). Working
 * state lives in typed arrays sized to the catalog and reused by every search, so a search
 * allocates little beyond its result. Not re-entrant: searches are synchronous, so one index never
 * runs two at once.
 */
export class KeywordMatcher {
  /** Per tool: `epoch + i + 1` once it matched keywords 0..i of the current search. */
  private readonly stamp: Uint32Array;
  private epoch = 0;
  /** Per tool, for the current keyword: best field, and whether a whole term matched there. */
  private readonly best: Uint8Array;
  private readonly whole: Uint8Array;
  /** Per tool, over the keywords so far (the tier), and the tools that matched them all. */
  private readonly state: RankingState;

  /**
   * @param strategy how later keywords are checked: `auto` picks per keyword; `scan` and
   *   `probe` force one way, and `alternate` probes the second, fourth… keyword and scans the
   *   others, for tests that compare them.
   */
  constructor(
    private readonly postings: Postings,
    private readonly shortcuts: ReadonlyMap<string, MergedPostings>,
    private readonly order: ToolOrder,
    private readonly strategy: 'auto' | 'scan' | 'probe' | 'alternate' = 'auto',
  ) {
    const toolCount = order.keywordRank.length;
    this.stamp = new Uint32Array(toolCount);
    this.best = new Uint8Array(toolCount);
    this.whole = new Uint8Array(toolCount);
    this.state = {
      tier: new Uint8Array(toolCount),
      allWhole: new Uint8Array(toolCount),
      candidates: new Uint32Array(toolCount),
      groupOfRank: new Uint8Array(toolCount).fill(0xff),
    };
  }

  /**
   * The tools matching every keyword (a keyword matches a term equal to it or beginning with
   * it): how many there are, and the ordinals of the first `limit` of them ordered by tier,
   * whole before prefix, then the query-independent tie-break order. `keywords` must be folded,
   * distinct and not empty.
   */
  match(keywords: readonly string[], filter?: ToolFilter, limit = Infinity): KeywordMatches {
    const count = this.collectMatches(keywords, filter);
    return { total: count, ordinals: orderCandidates(this.state, count, this.order, limit) };
  }

  /**
   * How many tools match every keyword, without ordering them: what a "did you mean" check needs
   * (docs/api.md#did-you-mean).
   */
  count(keywords: readonly string[], filter?: ToolFilter): number {
    return this.collectMatches(keywords, filter);
  }

  /**
   * How many of the tools matching every keyword fall in each group, where `groupOf[tool]` is a
   * tool's group (0 to `groups - 1`, or negative for none): facet counts over every match, not a
   * page of them (docs/api.md#facets).
   */
  countByGroup(keywords: readonly string[], groupOf: Int32Array, groups: number): Uint32Array {
    return this.countGroups(this.collectMatches(keywords, undefined), groupOf, groups);
  }

  /**
   * `match` over every tool and `countByGroup` from the one matching: the tools matching every
   * keyword are found once, then counted by group and ordered, instead of found twice.
   */
  matchAndCountByGroup(
    keywords: readonly string[],
    limit: number,
    groupOf: Int32Array,
    groups: number,
  ): KeywordMatches & { readonly groupCounts: Uint32Array } {
    const count = this.collectMatches(keywords, undefined);
    const groupCounts = this.countGroups(count, groupOf, groups);
    return {
      total: count,
      ordinals: orderCandidates(this.state, count, this.order, limit),
      groupCounts,
    };
  }

  /** How many of the first `count` candidates fall in each group (negative: in none). */
  private countGroups(count: number, groupOf: Int32Array, groups: number): Uint32Array {
    const counts = new Uint32Array(groups);
    const { candidates } = this.state;
    for (let i = 0; i < count; i++) {
      const group = groupOf[candidates[i] as number] as number;
      if (group >= 0) counts[group] = (counts[group] as number) + 1;
    }
    return counts;
  }

  /** How many postings matching `keyword` reads at most (docs/api.md#what-a-search-costs). */
  postingCount(keyword: string): number {
    const shortcut = this.shortcuts.get(keyword);
    if (shortcut !== undefined) return shortcut.entries.length;
    const { dictionary, offsets } = this.postings;
    const { start, end } = dictionary.prefixRange(keyword);
    return (offsets[end] as number) - (offsets[start] as number);
  }

  /**
   * Leaves in `state.candidates[0, count)` every tool that matches all keywords, with its tier
   * and wholeness folded in, and returns `count`.
   */
  private collectMatches(keywords: readonly string[], filter: ToolFilter | undefined): number {
    // Cheapest keyword first: it sets the candidate list every later keyword is checked against.
    const runs = keywords.map((keyword) => this.runsOf(keyword)).sort((a, b) => size(a) - size(b));
    if (this.epoch > 0xffffffff - runs.length - 1) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    const base = this.epoch;
    this.epoch += runs.length;

    let count = 0;
    for (const [i, keywordRuns] of runs.entries()) {
      if (i > 0 && this.probes(i, count, keywordRuns)) {
        count = probeCandidates(this.probeState(), keywordRuns, count, base + i + 1);
      } else {
        count = 0;
        for (const run of keywordRuns) count = this.collect(run, base + i, i === 0, filter, count);
      }
      this.fold(count, i === 0);
      if (count === 0) break;
    }
    return count;
  }

  /**
   * Whether looking each of `count` candidates up in `runs` (a binary search per run) is
   * cheaper than reading every posting of them: so for a rare keyword followed by a common
   * one (`lumendock cli`), where reading the common one's postings was most of the search.
   */
  private probes(keyword: number, count: number, runs: readonly PostingRun[]): boolean {
    if (this.strategy === 'alternate') return keyword % 2 === 1;
    if (this.strategy !== 'auto') return this.strategy === 'probe';
    let lookups = 0;
    for (const run of runs) lookups += 32 - Math.clz32(run.to - run.from);
    return count * lookups * PROBE_COST < size(runs);
  }

  private probeState(): ProbeState {
    const { stamp, best, whole } = this;
    return { stamp, best, whole, candidates: this.state.candidates };
  }

  /** The posting runs a search reads for `keyword`: its own term's and every longer term's. */
  runsOf(keyword: string): PostingRun[] {
    const shortcut = this.shortcuts.get(keyword);
    if (shortcut !== undefined) {
      return [{ entries: shortcut.entries, from: 0, to: shortcut.entries.length, whole: 0 }];
    }
    const { dictionary, offsets, entries } = this.postings;
    const { start, end } = dictionary.prefixRange(keyword);
    const runs: PostingRun[] = [];
    // The exact term sorts first, so every later term is a strict extension (a prefix match).
    for (let term = start; term < end; term++) {
      const whole = term === start && dictionary.isTerm(term, keyword) ? 1 : 0;
      runs.push({
        entries,
        from: offsets[term] as number,
        to: offsets[term + 1] as number,
        whole,
      });
    }
    return runs;
  }

  /**
   * Appends to the candidates, from `count` on, the tools of `run` that matched every earlier
   * keyword (stamp `previous`; for the first keyword, any tool that `filter` accepts), and notes
   * the best field of this keyword in each. Returns the new count.
   */
  private collect(
    run: PostingRun,
    previous: number,
    firstKeyword: boolean,
    filter: ToolFilter | undefined,
    count: number,
  ): number {
    const { stamp, best, whole } = this;
    const { candidates } = this.state;
    const { entries, to } = run;
    const mark = previous + 1;
    // Stamps left by earlier searches are all at most the first keyword's `previous`.
    const lowest = firstKeyword ? 0 : previous;
    for (let at = run.from; at < to; at++) {
      const entry = entries[at] as number;
      const tool = entry >>> VALUE_BITS;
      const field = entry & FIELD;
      const seen = stamp[tool] as number;
      if (seen === mark) {
        if (field < (best[tool] as number)) {
          best[tool] = field;
          whole[tool] = 0;
        }
      } else if (seen >= lowest && seen <= previous) {
        if (firstKeyword && filter !== undefined && filter.categoryOf[tool] !== filter.categoryId)
          continue;
        stamp[tool] = mark;
        best[tool] = field;
        whole[tool] = (entry & WHOLE) !== 0 ? 1 : run.whole;
        candidates[count++] = tool;
      }
    }
    return count;
  }

  /** Merges the current keyword's best field and wholeness into each candidate's totals. */
  private fold(count: number, firstKeyword: boolean): void {
    const { best, whole } = this;
    const { candidates, tier, allWhole } = this.state;
    for (let i = 0; i < count; i++) {
      const tool = candidates[i] as number;
      const field = best[tool] as number;
      if (firstKeyword || field > (tier[tool] as number)) tier[tool] = field;
      allWhole[tool] = firstKeyword
        ? (whole[tool] as number)
        : (allWhole[tool] as number) & (whole[tool] as number);
    }
  }
}

// Module constants, not imported bindings (read through their module cell): `collect` reads them
// for every posting of a search.
const VALUE_BITS = ENTRY_VALUE_BITS;
const FIELD = FIELD_MASK;
const WHOLE = WHOLE_BIT;

const size = (runs: readonly PostingRun[]): number =>
  runs.reduce((sum, run) => sum + run.to - run.from, 0);
