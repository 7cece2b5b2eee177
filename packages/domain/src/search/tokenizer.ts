import { scanAsciiTokens } from './ascii-token-scanner.js';
import { foldText, foldWithOffsets, isAscii } from './text-folding.js';

/*
 * One primary token in folded text: an optional leading dot (`.net`) where no word character
 * precedes it, words of letters and digits with apostrophes allowed inside (`don't`), joined by
 * `.` or `_` with word characters on both sides (`node.js`, `snake_case`, `3.11`), and an optional
 * `++` or `#` suffix that no word character follows (`c++`, `c#`). Anything else separates tokens,
 * so quotes, `-`, `+`, `*` and `OR` are never operators.
 */
const WORD = String.raw`[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*`;
const TOKEN_SOURCE = String.raw`(?:(?<![\p{L}\p{N}])\.)?${WORD}(?:[._]${WORD})*(?:(?:\+\+|#)(?![\p{L}\p{N}]))?`;
/** The apostrophes a word may hold (`don't`, `don’t`); tokens and probes drop them. */
const APOSTROPHES = /['’]/g;
const SUFFIX = /(?:\+\+|#)$/;

/** Shared; every scan sets `lastIndex` before each `exec`, so nested or interleaved scans are safe. */
const TOKEN_PATTERN = new RegExp(TOKEN_SOURCE, 'gu');

/** `text` without its apostrophes, so that `don't` and `dont` are the same token. */
export const withoutApostrophes = (raw: string): string =>
  raw.includes("'") || raw.includes('’') ? raw.replace(APOSTROPHES, '') : raw;

/**
 * Calls `visit` with each primary token of already folded text and its offsets in that text;
 * stops early when `visit` returns true.
 */
export function scanTokens(
  folded: string,
  visit: (token: string, start: number, end: number) => boolean | void,
): void {
  if (isAscii(folded)) return scanAsciiTokens(folded, visit);
  let position = 0;
  for (;;) {
    TOKEN_PATTERN.lastIndex = position;
    const match = TOKEN_PATTERN.exec(folded);
    if (match === null) return;
    const raw = match[0];
    position = match.index + raw.length;
    if (visit(withoutApostrophes(raw), match.index, position) === true) return;
  }
}

/**
 * Calls `visit` with a primary token and then with the parts it is also indexed under:
 * `node.js` → `node`, `js`, `.js`; `asp.net` → `asp`, `net`, `.net`; `.net` → `net`, `.net`;
 * `snake_case` → `snake`, `case`. A `++`/`#` suffix stays on the last part, so `c++` is only
 * `c++` and never `c`. Parts may repeat the token itself.
 */
export function forEachTermOfToken(token: string, visit: (term: string) => void): void {
  visit(token);
  const leadingDot = token.charCodeAt(0) === 0x2e;
  if (!leadingDot && !token.includes('.') && !token.includes('_')) return;
  const body = leadingDot ? token.slice(1) : token;
  const suffix = SUFFIX.exec(body)?.[0] ?? '';
  const base = body.slice(0, body.length - suffix.length);
  let partStart = 0;
  let dotted = leadingDot;
  for (let i = 0; i <= base.length; i++) {
    const char = base[i];
    if (i < base.length && char !== '.' && char !== '_') continue;
    const part = base.slice(partStart, i) + (i === base.length ? suffix : '');
    visit(part);
    if (dotted) visit(`.${part}`);
    dotted = char === '.';
    partStart = i + 1;
  }
}

/**
 * The primary tokens of `text`, folded, in order. Queries use these as keywords, so a compound
 * keeps its meaning: the keyword `node.js` looks for `node.js`, not for `node` and `js` apart.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  scanTokens(foldText(text), (token) => {
    tokens.push(token);
  });
  return tokens;
}

/**
 * Every term `text` is indexed under: each primary token followed by its compound parts (see
 * {@link forEachTermOfToken}), in order, possibly repeated. Documents index the parts so that
 * `node` and `js` find `node.js` and `.net` finds `ASP.NET`; queries keep compounds whole.
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  scanTokens(foldText(text), (token) => forEachTermOfToken(token, (term) => terms.push(term)));
  return terms;
}

/** A primary token and the original (unfolded) UTF-16 range `[start, end)` it was read from. */
export interface LocatedToken {
  readonly token: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The first primary token of `text` that `accept`s, located in `text` itself rather than in the
 * folded text, whose length NFKD may have changed; `undefined` when none is accepted.
 */
export function findToken(
  text: string,
  accept: (token: string) => boolean,
): LocatedToken | undefined {
  const folding = foldWithOffsets(text);
  let found: LocatedToken | undefined;
  scanTokens(folding.folded, (token, start, end) => {
    if (!accept(token)) return false;
    found = { token, start: folding.originalStart(start), end: folding.originalEnd(end - 1) };
    return true;
  });
  return found;
}
