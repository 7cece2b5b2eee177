import { ENTRY_VALUE_BITS, FIELD_MASK } from './posting-entry.js';
import { METADATA_FIELD, NAME_FIELD, REVIEW_FIELD } from './postings-builder.js';
import type { PostingRun } from './candidate-probe.js';
import type { ToolFilter } from './keyword-matcher.js';

/** One of the closest tools: its ordinal and which keywords it matched (bit `i`: keyword `i`). */
export interface ClosestMatch {
  readonly ordinal: number;
  readonly matched: number;
}

/** The outcome of {@link ClosestToolsFinder.find}. */
interface ClosestMatches {
  readonly matches: readonly ClosestMatch[];
  /** Postings read: the same unit as the matching of an ordinary search. */
  readonly postingsRead: number;
}

/**
 * What a keyword's weight counts for in a tool, by the best field it matched in there: a keyword
 * that the tool's own profile (name, description, category, stack tags) holds counts twice as much
 * as one that only a review mentions (docs/api.md#the-closest-tools).
 */
const FIELD_FACTOR = new Float64Array(REVIEW_FIELD + 1);
FIELD_FACTOR[NAME_FIELD] = 2;
FIELD_FACTOR[METADATA_FIELD] = 2;
FIELD_FACTOR[REVIEW_FIELD] = 1;

/** What finding the closest tools needs of an index. */
interface ClosestToolsSource {
  /** The posting runs of one keyword, exactly those an ordinary search reads for it. */
  runsOf(keyword: string): readonly PostingRun[];
  /** Position of each tool in the query-independent tie-break order. */
  readonly keywordRank: Uint32Array;
}

/**
 * The weight of a keyword that `matching` of `tools` tools match: BM25's inverse document
 * frequency, `ln(1 + (N - n + 0.5) / (n + 0.5))`, so a rare keyword weighs more than a common one,
 * always more than 0 while some tool matches it, and 0 when none does
 * (docs/api.md#the-closest-tools).
 */
export function keywordWeight(matching: number, tools: number): number {
  if (matching === 0) return 0;
  return Math.log(1 + (tools - matching + 0.5) / (matching + 0.5));
}

/**
 * The closest tools of a search that no tool matches in full (docs/api.md#the-closest-tools): the
 * union over the keywords, each tool scored by the summed weights of the keywords it matches (each
 * times its field factor), the best first. Working arrays are sized to the catalog, made on first use (most indexes never
 * need them) and reused; not re-entrant, as searches are synchronous.
 */
export class ClosestToolsFinder {
  private stamp: Uint32Array | undefined;
  private epoch = 0;
  private score = new Float64Array(0);
  private matched = new Uint16Array(0);
  private toolsOfKeyword = new Uint32Array(0);
  /** Per tool, for the current keyword: the best field it matched in. */
  private best = new Uint8Array(0);
  private touched = new Uint32Array(0);

  constructor(
    private readonly source: ClosestToolsSource,
    private readonly toolCount: number,
  ) {}

  /**
   * At most `limit` tools matching at least one of `keywords` (folded, distinct, at most 16)
   * among the `candidates` tools that `filter` accepts: highest score first, then more keywords
   * matched, then the tie-break order of an ordinary search.
   */
  find(
    keywords: readonly string[],
    filter: ToolFilter | undefined,
    candidates: number,
    limit: number,
  ): ClosestMatches {
    const stamp = this.arrays();
    const { score, matched, toolsOfKeyword, touched, best } = this;
    if (this.epoch > 0xffffffff - keywords.length - 1) {
      stamp.fill(0);
      this.epoch = 0;
    }
    let touchedCount = 0;
    let postingsRead = 0;
    for (const [k, keyword] of keywords.entries()) {
      const mark = ++this.epoch;
      let count = 0;
      for (const run of this.source.runsOf(keyword)) {
        postingsRead += run.to - run.from;
        const { entries, to } = run;
        for (let at = run.from; at < to; at++) {
          const entry = entries[at] as number;
          const tool = entry >>> VALUE_BITS;
          const field = entry & FIELD;
          if (stamp[tool] === mark) {
            if (field < (best[tool] as number)) best[tool] = field;
            continue;
          }
          if (filter !== undefined && filter.categoryOf[tool] !== filter.categoryId) continue;
          stamp[tool] = mark;
          best[tool] = field;
          toolsOfKeyword[count++] = tool;
        }
      }
      const weight = keywordWeight(count, candidates);
      const bit = 1 << k;
      for (let i = 0; i < count; i++) {
        const tool = toolsOfKeyword[i] as number;
        if (matched[tool] === 0) {
          touched[touchedCount++] = tool;
          score[tool] = 0;
        }
        score[tool] =
          (score[tool] as number) + weight * (FIELD_FACTOR[best[tool] as number] as number);
        matched[tool] = (matched[tool] as number) | bit;
      }
    }
    const first = this.first(touchedCount, limit);
    const matches = first.map((ordinal) => ({ ordinal, matched: matched[ordinal] as number }));
    for (let i = 0; i < touchedCount; i++) matched[touched[i] as number] = 0;
    return { matches, postingsRead };
  }

  /** The first `limit` of the touched tools in order, kept by insertion: `limit` is a page. */
  private first(touchedCount: number, limit: number): number[] {
    const kept: number[] = [];
    if (limit <= 0) return kept;
    for (let i = 0; i < touchedCount; i++) {
      const tool = this.touched[i] as number;
      if (kept.length === limit && !this.before(tool, kept[limit - 1] as number)) continue;
      let at = kept.length === limit ? limit - 1 : kept.length;
      while (at > 0 && this.before(tool, kept[at - 1] as number)) {
        kept[at] = kept[at - 1] as number;
        at--;
      }
      kept[at] = tool;
    }
    return kept;
  }

  /** Whether tool `a` comes before tool `b`: score, keywords matched, then the tie-break rank. */
  private before(a: number, b: number): boolean {
    const { score, matched } = this;
    const byScore = (score[a] as number) - (score[b] as number);
    if (byScore !== 0) return byScore > 0;
    const byCount = bitCount(matched[a] as number) - bitCount(matched[b] as number);
    if (byCount !== 0) return byCount > 0;
    const { keywordRank } = this.source;
    return (keywordRank[a] as number) < (keywordRank[b] as number);
  }

  private arrays(): Uint32Array {
    if (this.stamp !== undefined) return this.stamp;
    const n = this.toolCount;
    this.score = new Float64Array(n);
    this.matched = new Uint16Array(n);
    this.toolsOfKeyword = new Uint32Array(n);
    this.best = new Uint8Array(n);
    this.touched = new Uint32Array(n);
    this.stamp = new Uint32Array(n);
    return this.stamp;
  }
}

function bitCount(value: number): number {
  let bits = 0;
  for (let v = value; v !== 0; v &= v - 1) bits++;
  return bits;
}

// Module constants, read for every posting (see keyword-matcher.ts).
const VALUE_BITS = ENTRY_VALUE_BITS;
const FIELD = FIELD_MASK;
