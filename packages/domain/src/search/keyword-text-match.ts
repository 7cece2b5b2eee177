import { asciiTokenMatches, firstAsciiTokenMatch, tokenMatches } from './ascii-keyword-match.js';
import { asciiToken, scanAsciiRanges } from './ascii-token-scanner.js';
import { foldText, isAscii } from './text-folding.js';
import { findToken, scanTokens, withoutApostrophes, type LocatedToken } from './tokenizer.js';

export { tokenMatches } from './ascii-keyword-match.js';

/** A text folded once, with the keywords that may match in it. */
interface KeywordProbe {
  readonly folded: string;
  /** Whether `text` was all ASCII: then it folds unit for unit, offsets unchanged. */
  readonly asciiText: boolean;
  /** Whether `folded` is all ASCII, which lets it be scanned without building token strings. */
  readonly ascii: boolean;
  /** Whether `folded` holds an apostrophe, which tokens drop (so `dont` matches `don't`). */
  readonly apostrophes: boolean;
  /** Indexes of the keywords that occur in the text as substrings. */
  readonly candidates: readonly number[];
}

/**
 * Folds `text` and finds the keywords (other than those already `matched`) that may match in
 * it. Every term is a substring of the folded text without apostrophes, so a keyword that is
 * not one cannot match: this costs a few native string scans, where tokenizing costs far more.
 * `plain` says that `text` is known to be ASCII without apostrophes, which spares checking it.
 */
export function probeKeywords(
  text: string,
  keywords: readonly string[],
  matched: readonly boolean[] = [],
  plain = false,
): KeywordProbe {
  // Folding ASCII only lower-cases it (and keeps it ASCII); other text may fold to ASCII.
  const asciiText = plain || isAscii(text);
  const folded = asciiText ? text.toLowerCase() : foldText(text);
  const searchable = plain ? folded : withoutApostrophes(folded);
  const candidates: number[] = [];
  for (let i = 0; i < keywords.length; i++) {
    if (matched[i] !== true && searchable.includes(keywords[i] as string)) candidates.push(i);
  }
  const ascii = asciiText || isAscii(folded);
  return { folded, asciiText, ascii, apostrophes: searchable !== folded, candidates };
}

/**
 * Whether at least `need` of `keywords` occur in `text` as substrings, which is whether the
 * {@link probeKeywords} of `text` would have `need` candidates or more; `plain` as there. It
 * stops as soon as the answer is known (too many keywords missing, or enough found): an excerpt
 * asks this of every review text of a tool, mostly of texts that cannot beat the best so far.
 */
export function holdsKeywords(
  text: string,
  keywords: readonly string[],
  need: number,
  plain: boolean,
): boolean {
  if (need > keywords.length) return false;
  if (need <= 0) return true;
  const searchable = plain ? text.toLowerCase() : withoutApostrophes(foldText(text));
  let found = 0;
  for (let i = 0; i < keywords.length; i++) {
    if (searchable.includes(keywords[i] as string)) {
      if (++found >= need) return true;
    } else if (found + (keywords.length - i - 1) < need) return false;
  }
  return false;
}

/**
 * Sets `matched[i]` for every candidate keyword `i` of `probe` that a token of the text matches,
 * and returns how many it newly set.
 */
export function markProbedKeywords(
  probe: KeywordProbe,
  keywords: readonly string[],
  matched: boolean[],
): number {
  const open = probe.candidates.filter((i) => matched[i] !== true);
  if (open.length === 0) return 0;
  const { folded } = probe;
  let count = 0;
  if (probe.ascii && !probe.apostrophes) {
    // Most catalog text: each keyword is looked for where it occurs, no text is tokenized whole.
    for (const i of open) {
      if (firstAsciiTokenMatch(folded, keywords[i] as string) === undefined) continue;
      matched[i] = true;
      count++;
    }
    return count;
  }
  const mark = (matches: (keyword: string) => boolean): boolean => {
    for (const i of open) {
      if (matched[i] !== true && matches(keywords[i] as string)) {
        matched[i] = true;
        count++;
      }
    }
    return count === open.length;
  };
  if (probe.ascii) {
    scanAsciiRanges(folded, (start, end, shape) =>
      mark((keyword) => asciiTokenMatches(folded, start, end, shape, keyword)),
    );
  } else {
    scanTokens(folded, (token) => mark((keyword) => tokenMatches(token, keyword)));
  }
  return count;
}

/** {@link markProbedKeywords} on `text` itself. */
export const markMatchedKeywords = (
  text: string,
  keywords: readonly string[],
  matched: boolean[],
): number => markProbedKeywords(probeKeywords(text, keywords, matched), keywords, matched);

/** Where in `text` the first token matching any of `keywords` is; `undefined` when none does. */
export function firstMatch(text: string, keywords: readonly string[]): LocatedToken | undefined {
  const { folded, asciiText, apostrophes, candidates } = probeKeywords(text, keywords);
  if (candidates.length === 0) return undefined;
  if (!asciiText) {
    return findToken(text, (token) => keywords.some((keyword) => tokenMatches(token, keyword)));
  }
  // ASCII folds unit for unit, so offsets in the folded text are offsets in `text`.
  let first: LocatedToken | undefined;
  if (!apostrophes) {
    for (const i of candidates) {
      const found = firstAsciiTokenMatch(folded, keywords[i] as string);
      if (found !== undefined && (first === undefined || found.start < first.start)) first = found;
    }
    return first;
  }
  scanAsciiRanges(folded, (start, end, shape) => {
    for (const i of candidates) {
      if (asciiTokenMatches(folded, start, end, shape, keywords[i] as string)) {
        first = { token: asciiToken(folded, start, end, shape), start, end };
        return true;
      }
    }
    return false;
  });
  return first;
}
