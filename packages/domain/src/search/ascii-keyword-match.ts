import { asciiToken, PLAIN, scanAsciiRanges, tokenRunStart } from './ascii-token-scanner.js';
import { forEachTermOfToken } from './tokenizer.js';

/**
 * Whether a primary token matches a keyword under the index's rule: one of the terms it is
 * indexed under (itself or a compound part) equals the keyword or begins with it.
 */
export function tokenMatches(token: string, keyword: string): boolean {
  let matches = false;
  forEachTermOfToken(token, (term) => {
    if (!matches && term.startsWith(keyword)) matches = true;
  });
  return matches;
}

/**
 * {@link tokenMatches} for the token `[start, end)` of ASCII folded text, as `scanAsciiRanges`
 * reports it. A plain token (letters and digits only) is its only term, so it is compared in
 * place, without slicing it into a string.
 */
export function asciiTokenMatches(
  folded: string,
  start: number,
  end: number,
  shape: number,
  keyword: string,
): boolean {
  if (shape === PLAIN) return keyword.length <= end - start && folded.startsWith(keyword, start);
  return tokenMatches(asciiToken(folded, start, end, shape), keyword);
}

/** A primary token of a folded ASCII text: its range there and the token itself. */
interface AsciiTokenMatch {
  readonly token: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The first token of folded ASCII text `folded`, which must hold no apostrophe, that matches
 * `keyword`; `undefined` when none does. Without apostrophes every term of a token is a
 * substring of the text where the token is, so a matching token holds an occurrence of the
 * keyword: only the tokens around its occurrences are read, not the whole text, which matters
 * for long review texts where the keyword occurs only inside other words (`port` in `support`).
 */
export function firstAsciiTokenMatch(folded: string, keyword: string): AsciiTokenMatch | undefined {
  let found: AsciiTokenMatch | undefined;
  for (let at = folded.indexOf(keyword); at >= 0; at = folded.indexOf(keyword, at + 1)) {
    // The tokens from the start of the run holding this occurrence up to the one holding it;
    // any earlier matching token holds an earlier occurrence, which would have been found.
    scanAsciiRanges(
      folded,
      (start, end, shape) => {
        if (start > at) return true;
        if (!asciiTokenMatches(folded, start, end, shape, keyword)) return false;
        found = { token: asciiToken(folded, start, end, shape), start, end };
        return true;
      },
      tokenRunStart(folded, at),
    );
    if (found !== undefined) return found;
  }
  return undefined;
}
