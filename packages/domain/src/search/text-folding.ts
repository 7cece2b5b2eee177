const NON_ASCII = /[\u0080-\uffff]/;

/** Whether every character of `text` is ASCII, which folding only lower-cases. */
export const isAscii = (text: string): boolean => !NON_ASCII.test(text);
const COMBINING_MARKS = /\p{M}+/gu;
const FINAL_SIGMA = /ς/g;

/**
 * Folds text for matching (docs/api.md#search-rules-in-short): Unicode NFKD, combining marks
 * removed, lower case. `Crème Brûlée` → `creme brulee`, `ﬁle` → `file`, `ＡＢＣ` → `abc`.
 *
 * The final sigma `ς` is folded to `σ`, as Unicode case folding does: lower-casing a whole string
 * picks the final form by context, so without this a word would fold differently alone (a query)
 * than inside a sentence (a document), and per-character folding (see {@link foldWithOffsets})
 * would disagree with whole-string folding.
 */
export function foldText(text: string): string {
  // Most catalog text is ASCII; NFKD and mark removal cannot change it, so skip them.
  if (isAscii(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(COMBINING_MARKS, '')
    .replace(FINAL_SIGMA, 'σ');
}

/**
 * Folded text that remembers where each folded UTF-16 unit came from, because NFKD changes
 * lengths (`ﬃ` → `ffi`, `é` → `e` + mark) and excerpts must be cut from the original string.
 */
interface FoldedText {
  /** Same characters as `foldText(original)`. */
  readonly folded: string;
  /** Offset in the original of the character that produced folded unit `i`. */
  originalStart(i: number): number;
  /** Offset in the original just past the character that produced folded unit `i`. */
  originalEnd(i: number): number;
}

/** Folds `original` one code point at a time, keeping the offset map {@link FoldedText} needs. */
export function foldWithOffsets(original: string): FoldedText {
  if (isAscii(original)) {
    return {
      folded: original.toLowerCase(),
      originalStart: (i) => i,
      originalEnd: (i) => i + 1,
    };
  }
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of original) {
    const folded = char.charCodeAt(0) < 0x80 ? char.toLowerCase() : foldText(char);
    parts.push(folded);
    for (let k = 0; k < folded.length; k++) {
      starts.push(offset);
      ends.push(offset + char.length);
    }
    offset += char.length;
  }
  return {
    folded: parts.join(''),
    originalStart: (i) => starts[i] ?? original.length,
    originalEnd: (i) => ends[i] ?? original.length,
  };
}
