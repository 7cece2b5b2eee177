/*
 * A hand-written twin of the tokenizer's regular expression for pure ASCII text, which is most
 * catalog text: it reads character codes instead of building a match object per token. The
 * index builder has a twin of it over bytes (`PostingsCollector.addAsciiBytes`), which looks
 * plain words up without slicing them into strings at all. Property tests check this one against
 * the regex, and the byte twin against postings built with this one.
 */
const DOT = 0x2e;
const UNDERSCORE = 0x5f;
const APOSTROPHE = 0x27;
const PLUS = 0x2b;
const HASH = 0x23;

export const isWord = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a);

/** Past the end of the text: a code that is no character, so comparisons stay on small integers. */
const NONE = -1;
const codeAt = (text: string, i: number): number => (i < text.length ? text.charCodeAt(i) : NONE);

/** Shapes of a token found by {@link scanAsciiRanges}: letters and digits only, the token being exactly the range. */
export const PLAIN = 0;
/** A token with joiners, a leading dot or a suffix, and so with compound parts to index. */
const COMPOUND = 1;
/** A token with apostrophes, which it drops (and maybe compound parts too). */
const WITH_APOSTROPHES = 2;

/**
 * Calls `visit` with the range `[start, end)` and shape of each primary token of ASCII text
 * (the token is the range without apostrophes, lower-cased); stops early when `visit` returns
 * true. Case changes no range, so the text need not be lower-cased first. `from` must be 0 or
 * follow a character no token holds (see {@link tokenRunStart}): the tokens from there are then
 * those of a scan of the whole text.
 */
export function scanAsciiRanges(
  text: string,
  visit: (start: number, end: number, shape: number) => boolean | void,
  from = 0,
): void {
  const length = text.length;
  let i = from;
  while (i < length) {
    const code = text.charCodeAt(i);
    const leadingDot =
      code === DOT && isWord(codeAt(text, i + 1)) && (i === 0 || !isWord(text.charCodeAt(i - 1)));
    if (!leadingDot && !isWord(code)) {
      i++;
      continue;
    }
    const start = i;
    let shape = leadingDot ? COMPOUND : PLAIN;
    if (leadingDot) i++;
    // The character after the token so far; each word starts with a letter or digit at `i`.
    let next = text.charCodeAt(i);
    for (;;) {
      do next = codeAt(text, ++i);
      while (isWord(next));
      if (
        (next === APOSTROPHE || next === DOT || next === UNDERSCORE) &&
        isWord(codeAt(text, i + 1))
      ) {
        if (next === APOSTROPHE) shape = WITH_APOSTROPHES;
        else if (shape === PLAIN) shape = COMPOUND;
        next = text.charCodeAt(++i);
        continue;
      }
      break;
    }
    const suffix =
      next === PLUS && codeAt(text, i + 1) === PLUS && !isWord(codeAt(text, i + 2))
        ? 2
        : next === HASH && !isWord(codeAt(text, i + 1))
          ? 1
          : 0;
    if (suffix > 0 && shape === PLAIN) shape = COMPOUND;
    i += suffix;
    if (visit(start, i, shape) === true) return;
  }
}

const inToken = (code: number): boolean =>
  isWord(code) ||
  code === DOT ||
  code === UNDERSCORE ||
  code === APOSTROPHE ||
  code === PLUS ||
  code === HASH;

/**
 * The start of the run of characters that tokens may hold around `position`: the first place
 * before it where a scan can begin and see the same tokens as a scan of the whole text.
 */
export function tokenRunStart(text: string, position: number): number {
  let start = position;
  while (start > 0 && inToken(text.charCodeAt(start - 1))) start--;
  return start;
}

/** The token a range of {@link scanAsciiRanges} stands for. */
export const asciiToken = (text: string, start: number, end: number, shape: number): string =>
  shape === WITH_APOSTROPHES ? text.slice(start, end).replaceAll("'", '') : text.slice(start, end);

/** Same contract as `scanTokens`, for text whose every character is ASCII. */
export function scanAsciiTokens(
  text: string,
  visit: (token: string, start: number, end: number) => boolean | void,
): void {
  scanAsciiRanges(text, (start, end, shape) =>
    visit(asciiToken(text, start, end, shape), start, end),
  );
}
