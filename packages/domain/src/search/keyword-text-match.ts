import { foldText } from './text-folding.js';
import {
  findToken,
  forEachTermOfToken,
  scanTokens,
  withoutApostrophes,
  type LocatedToken,
} from './tokenizer.js';

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

/** A text folded once, with the keywords that may match in it. */
export interface KeywordProbe {
  readonly folded: string;
  /** Indexes of the keywords that occur in the text as substrings. */
  readonly candidates: readonly number[];
}

/**
 * Folds `text` and finds the keywords (other than those already `matched`) that may match in
 * it. Every term is a substring of the folded text without apostrophes, so a keyword that is
 * not one cannot match: this costs a few native string scans, where tokenizing costs far more.
 */
export function probeKeywords(
  text: string,
  keywords: readonly string[],
  matched: readonly boolean[] = [],
): KeywordProbe {
  const folded = foldText(text);
  const searchable = withoutApostrophes(folded);
  const candidates: number[] = [];
  keywords.forEach((keyword, i) => {
    if (matched[i] !== true && searchable.includes(keyword)) candidates.push(i);
  });
  return { folded, candidates };
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
  let count = 0;
  scanTokens(probe.folded, (token) => {
    for (const i of open) {
      if (matched[i] !== true && tokenMatches(token, keywords[i] as string)) {
        matched[i] = true;
        count++;
      }
    }
    return count === open.length;
  });
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
  if (probeKeywords(text, keywords).candidates.length === 0) return undefined;
  return findToken(text, (token) => keywords.some((keyword) => tokenMatches(token, keyword)));
}
