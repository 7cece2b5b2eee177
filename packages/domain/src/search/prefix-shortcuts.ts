import type { Postings } from './postings-builder.js';

/** Marks, in a shortcut entry's field byte, that the prefix itself is a term there (bit 7). */
export const WHOLE_BIT = 0x80;

/**
 * The postings of every term beginning with one short prefix, merged to one entry per tool:
 * `fields[i]` is the best field of any such term in tool `tools[i]`, with {@link WHOLE_BIT} set
 * when the prefix itself occurs as a whole term in that best field.
 */
export interface MergedPostings {
  readonly tools: Uint32Array;
  readonly fields: Uint8Array;
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

export const DEFAULT_SHORTCUT_POLICY: ShortcutPolicy = {
  maxLength: 4,
  minPostingsPerTool: 1,
  minShrink: 3,
};

/**
 * Precomputes merged postings for short prefixes that match very many terms (`k`, `co`, `con`),
 * so a search costs at most about one entry per tool per keyword instead of one per posting.
 * Prefixes are visited depth first: a prefix too light for a shortcut has no heavy extensions.
 */
export function buildPrefixShortcuts(
  postings: Postings,
  toolCount: number,
  policy: ShortcutPolicy = DEFAULT_SHORTCUT_POLICY,
): ReadonlyMap<string, MergedPostings> {
  const { dictionary, offsets } = postings;
  const shortcuts = new Map<string, MergedPostings>();
  const best = new Uint8Array(toolCount);
  const minPostings = Math.max(1, toolCount * policy.minPostingsPerTool);

  const visit = (start: number, end: number, length: number): void => {
    let term = start;
    while (term < end) {
      const text = dictionary.terms[term] as string;
      if (text.length < length) {
        term++;
        continue;
      }
      const prefix = text.slice(0, length);
      const range = dictionary.prefixRange(prefix);
      const count = (offsets[range.end] as number) - (offsets[range.start] as number);
      if (count >= minPostings && range.end - range.start > 1) {
        const merged = mergeRange(postings, range.start, range.end, prefix, best);
        if (merged.tools.length * policy.minShrink <= count) shortcuts.set(prefix, merged);
        if (length < policy.maxLength) visit(range.start, range.end, length + 1);
      }
      term = range.end;
    }
  };
  visit(0, dictionary.size, 1);
  return shortcuts;
}

/** Merges the postings of terms `[start, end)`; `best` is scratch space, left all zero. */
function mergeRange(
  postings: Postings,
  start: number,
  end: number,
  prefix: string,
  best: Uint8Array,
): MergedPostings {
  const { dictionary, offsets, tools, fields } = postings;
  // `best` holds 1 + field + (whole ? WHOLE_BIT : 0) per tool while merging; 0 means absent.
  const exact = dictionary.isTerm(start, prefix);
  let lowestTool = Number.MAX_SAFE_INTEGER;
  let highestTool = -1;
  let count = 0;
  for (let term = start; term < end; term++) {
    const whole = exact && term === start ? WHOLE_BIT : 0;
    for (let entry = offsets[term] as number; entry < (offsets[term + 1] as number); entry++) {
      const tool = tools[entry] as number;
      const field = fields[entry] as number;
      const seen = best[tool] as number;
      if (seen === 0) {
        best[tool] = 1 + field + whole;
        count++;
        if (tool < lowestTool) lowestTool = tool;
        if (tool > highestTool) highestTool = tool;
      } else if (field < ((seen - 1) & ~WHOLE_BIT)) {
        // A strictly better field from a longer term: the prefix is no longer whole there.
        best[tool] = 1 + field;
      }
    }
  }
  // Emitting by scanning the tool range keeps the entries in ascending tool order.
  const merged = { tools: new Uint32Array(count), fields: new Uint8Array(count) };
  let i = 0;
  for (let tool = lowestTool; tool <= highestTool; tool++) {
    const seen = best[tool] as number;
    if (seen === 0) continue;
    merged.tools[i] = tool;
    merged.fields[i++] = seen - 1;
    best[tool] = 0;
  }
  return merged;
}
