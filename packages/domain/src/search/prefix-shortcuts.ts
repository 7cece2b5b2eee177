import { ENTRY_VALUE_BITS, FIELD_MASK, WHOLE_BIT } from './posting-entry.js';
import type { Postings } from './postings-builder.js';
import { compareUnits } from './term-dictionary.js';

/**
 * The postings of every term beginning with one short prefix, merged to one entry per tool (see
 * `posting-entry.ts`), ascending: each with the best field of any such term in the tool, and
 * `WHOLE_BIT` when the prefix itself occurs as a whole term in that best field.
 */
export interface MergedPostings {
  readonly entries: Uint32Array;
}

/** When a prefix earns a shortcut; the defaults suit catalogs of any size. */
export interface ShortcutPolicy {
  /** Only prefixes of at most this many UTF-16 units (short keywords are the expensive ones). */
  readonly maxLength: number;
  /** Only ranges holding at least this many postings, as a multiple of the tool count. */
  readonly minPostingsPerTool: number;
  /** Only when merging shrinks the postings to at most 1/`minShrink` of their number. */
  readonly minShrink: number;
}

const DEFAULT_SHORTCUT_POLICY: ShortcutPolicy = {
  maxLength: 4,
  minPostingsPerTool: 1,
  minShrink: 3,
};

/**
 * Precomputes merged postings for short prefixes that match very many terms (`k`, `co`, `con`),
 * so a search costs at most about one entry per tool per keyword instead of one per posting.
 * Prefixes are visited depth first: a prefix too light for a shortcut has no heavy extensions.
 * A heavy prefix is merged from the merges of its heavy extensions (each at most one entry per
 * tool) and the postings of the rest, not from every posting again: the postings of a common
 * word are read once, not once per prefix length.
 */
export function buildPrefixShortcuts(
  postings: Postings,
  toolCount: number,
  policy: ShortcutPolicy = DEFAULT_SHORTCUT_POLICY,
): ReadonlyMap<string, MergedPostings> {
  const { dictionary, offsets } = postings;
  const shortcuts = new Map<string, MergedPostings>();
  const merger = new Merger(postings, toolCount);
  const minPostings = Math.max(1, toolCount * policy.minPostingsPerTool);
  const postingsIn = (range: TermRange) =>
    (offsets[range.end] as number) - (offsets[range.start] as number);
  const isHeavy = (range: TermRange) =>
    postingsIn(range) >= minPostings && range.end - range.start > 1;

  /** The merged postings of heavy `prefix` (its terms `range`), recording its shortcut. */
  const merge = (prefix: string, range: TermRange): MergedPostings => {
    const parts: Part[] = [];
    let term = range.start;
    if (dictionary.isTerm(term, prefix)) {
      parts.push({ start: term, end: term + 1 });
      term++;
    }
    // Every other term is longer than `prefix`: grouped by their next unit, one extension each.
    while (term < range.end) {
      const extension = (dictionary.terms[term] as string).slice(0, prefix.length + 1);
      const extended = dictionary.prefixRange(extension);
      parts.push(
        prefix.length < policy.maxLength && isHeavy(extended)
          ? merge(extension, extended)
          : extended,
      );
      term = extended.end;
    }
    const merged = merger.merge(parts, dictionary.isTerm(range.start, prefix));
    if (merged.entries.length * policy.minShrink <= postingsIn(range))
      shortcuts.set(prefix, merged);
    return merged;
  };

  let term = 0;
  while (term < dictionary.size) {
    const prefix = (dictionary.terms[term] as string).slice(0, 1);
    const range = dictionary.prefixRange(prefix);
    if (isHeavy(range)) merge(prefix, range);
    term = range.end;
  }
  // Recorded extensions first; given in prefix order (a prefix before its extensions), as
  // snapshots have always listed them.
  const prefixes = [...shortcuts.keys()].sort(compareUnits);
  return new Map(prefixes.map((prefix) => [prefix, shortcuts.get(prefix) as MergedPostings]));
}

interface TermRange {
  readonly start: number;
  readonly end: number;
}

/** What a merge reads: the postings of a range of terms, or the merge of a longer prefix. */
type Part = TermRange | MergedPostings;

/** Merges parts to one entry per tool, in a scratch array as long as the catalog. */
class Merger {
  /** 1 + field + (whole ? WHOLE_BIT : 0) per tool while merging; 0 means absent. */
  private readonly best: Uint8Array;
  private lowestTool = Number.MAX_SAFE_INTEGER;
  private highestTool = -1;
  private count = 0;

  constructor(
    private readonly postings: Postings,
    toolCount: number,
  ) {
    this.best = new Uint8Array(toolCount);
  }

  /**
   * `parts` merged, each tool with its best field among them; when `firstIsWhole`, the first
   * part is the prefix's own term, whose entries are marked whole where no other part has a
   * strictly better field.
   */
  merge(parts: readonly Part[], firstIsWhole: boolean): MergedPostings {
    const { offsets, entries } = this.postings;
    parts.forEach((part, i) => {
      const whole = firstIsWhole && i === 0 ? WHOLE_BIT : 0;
      if ('entries' in part) {
        // Another prefix's merge: its whole marks are about that prefix, not this one.
        for (const entry of part.entries)
          this.add(entry >>> ENTRY_VALUE_BITS, entry & FIELD_MASK, 0);
      } else {
        const end = offsets[part.end] as number;
        for (let at = offsets[part.start] as number; at < end; at++) {
          const entry = entries[at] as number;
          this.add(entry >>> ENTRY_VALUE_BITS, entry & FIELD_MASK, whole);
        }
      }
    });
    return this.emit();
  }

  private add(tool: number, field: number, whole: number): void {
    const best = this.best;
    const seen = best[tool] as number;
    if (seen === 0) {
      best[tool] = 1 + field + whole;
      this.count++;
      if (tool < this.lowestTool) this.lowestTool = tool;
      if (tool > this.highestTool) this.highestTool = tool;
    } else if (field < ((seen - 1) & ~WHOLE_BIT)) {
      // A strictly better field from a longer term: the prefix is no longer whole there.
      best[tool] = 1 + field;
    }
  }

  /** The merged entries, in ascending tool order (by scanning the tool range); resets. */
  private emit(): MergedPostings {
    const best = this.best;
    const entries = new Uint32Array(this.count);
    let i = 0;
    for (let tool = this.lowestTool; tool <= this.highestTool; tool++) {
      const seen = best[tool] as number;
      if (seen === 0) continue;
      // Tool ordinals stay below MAX_ENTRY_TOOLS (the collector refuses more): no overflow.
      entries[i++] = tool * (1 << ENTRY_VALUE_BITS) + seen - 1;
      best[tool] = 0;
    }
    this.lowestTool = Number.MAX_SAFE_INTEGER;
    this.highestTool = -1;
    this.count = 0;
    return { entries };
  }
}
