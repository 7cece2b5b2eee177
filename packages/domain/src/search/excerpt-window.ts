/** An excerpt holds at most this many code points, its `…` included. */
export const MAX_EXCERPT_LENGTH = 240;
const ELLIPSIS = '…';
/** How much text before the first match the window shows, so the match reads in context. */
const LEAD = 60;

const SPACE = /\s/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

const isSpace = (char: string | undefined): boolean => char !== undefined && SPACE.test(char);
const isWordChar = (char: string | undefined): boolean =>
  char !== undefined && WORD_CHAR.test(char);

/** The code point index of UTF-16 offset `offset` in `text`. */
function codePointIndex(text: string, offset: number): number {
  let index = 0;
  for (let i = 0; i < offset; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    index++;
  }
  return index;
}

/** Code points by index: an array of them, or a string without surrogate pairs (units = points). */
type CodePoints = ArrayLike<string>;

const SURROGATE = /[\ud800-\udfff]/;

/** Moves a start forward to the beginning of a word, never past `anchor` (the match). */
function wordStart(chars: CodePoints, start: number, anchor: number): number {
  let p = start;
  while (p < anchor && !isSpace(chars[p - 1])) p++;
  while (p < anchor && isSpace(chars[p])) p++;
  return p;
}

/**
 * The largest end in `(floor, limit]` that does not split a word: before white space if there
 * is some, else between a word character and another character, else `limit` itself.
 */
function wordEnd(chars: CodePoints, limit: number, floor: number): number {
  for (let p = limit; p > floor; p--) {
    if (isSpace(chars[p]) || isSpace(chars[p - 1])) {
      let end = p;
      while (end > floor && isSpace(chars[end - 1])) end--;
      if (end > floor) return end;
    }
  }
  for (let p = limit; p > floor; p--) {
    if (isWordChar(chars[p - 1]) !== isWordChar(chars[p])) return p;
  }
  return limit;
}

/**
 * Cuts an excerpt of at most {@link MAX_EXCERPT_LENGTH} code points out of `text`
 * (docs/api.md#search-rules-in-short): the whole text when it fits; otherwise a window that starts
 * a little before `matchStart` (a UTF-16 offset; the beginning when undefined), cut at word
 * boundaries, with `…` on each side where text was left out.
 */
export function cutExcerpt(text: string, matchStart: number | undefined): string {
  if (text.length <= MAX_EXCERPT_LENGTH) return text;
  // Without surrogates every UTF-16 unit is a code point: index the string itself instead of
  // splitting a long review into an array of one-character strings.
  const units = !SURROGATE.test(text);
  const chars: CodePoints = units ? text : Array.from(text);
  if (chars.length <= MAX_EXCERPT_LENGTH) return text;

  const anchor =
    matchStart === undefined ? 0 : units ? matchStart : codePointIndex(text, matchStart);
  // Near the end of the text, start earlier so that the window is still full.
  let start = Math.min(Math.max(0, anchor - LEAD), chars.length - (MAX_EXCERPT_LENGTH - 1));
  if (start > 0) start = wordStart(chars, start, anchor);
  const room = MAX_EXCERPT_LENGTH - (start > 0 ? 1 : 0);
  const end =
    chars.length - start <= room
      ? chars.length
      : wordEnd(chars, start + room - 1, Math.min(anchor, start + room - 2));

  return (
    (start > 0 ? ELLIPSIS : '') +
    (units ? text.slice(start, end) : (chars as string[]).slice(start, end).join('')) +
    (end < chars.length ? ELLIPSIS : '')
  );
}
