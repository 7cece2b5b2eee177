import type { TermDictionary } from './term-dictionary.js';

/** Keywords of at least this many characters may have one typo, and of the second, two. */
export const ONE_TYPO_LENGTH = 5;
export const TWO_TYPOS_LENGTH = 9;

/**
 * How many typos a keyword may have (docs/api.md#did-you-mean), Meilisearch's thresholds: none
 * under 5 characters (code points), one for 5 to 8, two from 9 on.
 */
export function typoBudget(keyword: string): number {
  let length = 0;
  // Counted in code points, as `q` is.
  for (let i = 0; i < keyword.length; i++) {
    const unit = keyword.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) length++;
  }
  if (length >= TWO_TYPOS_LENGTH) return 2;
  return length >= ONE_TYPO_LENGTH ? 1 : 0;
}

/** A spelling of a keyword that the index's terms support, and how far it is from the keyword. */
export interface TypoCorrection {
  /** A term, or the beginning of one (prefix rules as in search). */
  readonly text: string;
  /** Optimal string alignment distance from the keyword: a transposition counts as one. */
  readonly distance: number;
  /** Whether `text` is a whole term rather than the beginning of one. */
  readonly whole: boolean;
}

/**
 * Calls `visit` with the best correction of `keyword` in each term of `dictionary` that has one
 * within `budget` typos: the whole term when it is that close, otherwise its beginning closest to
 * the keyword (fewest typos, then nearest in length, then longest). A keyword matches a term it
 * begins, so a term is close when one of its beginnings is. Terms longer than the keyword by more
 * than the budget all have the correction of their first `keyword.length + budget` units, so only
 * the first term of each such group is visited.
 *
 * The terms are sorted, so neighbours share beginnings: the distance rows of a shared beginning
 * are computed once, and once a row has no entry within `budget` no longer beginning can come
 * back within it (the row minimum never falls, transpositions included), so every term with that
 * beginning is skipped with one binary search. That makes it a walk of the dictionary's implicit
 * trie, cut where the distance runs out, rather than a pass over every term.
 */
export function forEachTypoCorrection(
  dictionary: TermDictionary,
  keyword: string,
  budget: number,
  visit: (correction: TypoCorrection) => void,
): void {
  const { terms } = dictionary;
  const width = keyword.length + 1;
  // A beginning longer than the keyword by more than the budget is too far in every row.
  const deepest = keyword.length + budget;
  const rows = new Int32Array((deepest + 1) * width);
  for (let i = 0; i < width; i++) rows[i] = i;
  /** The best beginning of the current path up to each depth: its distance and its length. */
  const bestDistance = new Int32Array(deepest + 1).fill(budget + 1);
  const bestLength = new Int32Array(deepest + 1);
  let path = '';
  let pathDepth = 0;

  let position = 0;
  while (position < terms.length) {
    const term = terms[position] as string;
    let depth = sharedLength(term, path, pathDepth);
    let cut = -1;
    const reach = Math.min(term.length, deepest);
    while (depth < reach) {
      depth++;
      const low = fillRow(rows, width, keyword, term, depth);
      if (low > budget) {
        cut = depth;
        break;
      }
      const distance = rows[depth * width + keyword.length] as number;
      const previous = bestDistance[depth - 1] as number;
      const previousLength = bestLength[depth - 1] as number;
      const better =
        distance < previous ||
        (distance === previous &&
          Math.abs(depth - keyword.length) <= Math.abs(previousLength - keyword.length));
      bestDistance[depth] = better ? distance : previous;
      bestLength[depth] = better ? depth : previousLength;
    }
    path = term;
    pathDepth = cut > 0 ? cut - 1 : depth;
    const known = pathDepth;
    const whole = cut < 0 && depth === term.length;
    const wholeDistance = whole ? (rows[depth * width + keyword.length] as number) : budget + 1;
    if (wholeDistance <= budget) {
      visit({ text: term, distance: wholeDistance, whole: true });
    } else if ((bestDistance[known] as number) <= budget) {
      const length = bestLength[known] as number;
      visit({
        text: term.slice(0, length),
        distance: bestDistance[known] as number,
        whole: false,
      });
    }
    if (cut > 0) {
      position = dictionary.prefixRange(term.slice(0, cut)).end;
    } else if (term.length > deepest) {
      // Every longer term with this beginning gives the same correction, and none is whole.
      position = dictionary.prefixRange(term.slice(0, deepest)).end;
    } else {
      position++;
    }
  }
}

/** How many leading units `a` and `b` share, at most `limit`. */
function sharedLength(a: string, b: string, limit: number): number {
  const max = Math.min(a.length, b.length, limit);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * Row `depth` of the optimal string alignment table of `keyword` against the beginning of `term`
 * of that length, from the rows above it; returns the row's minimum.
 */
function fillRow(
  rows: Int32Array,
  width: number,
  keyword: string,
  term: string,
  depth: number,
): number {
  const at = depth * width;
  const above = at - width;
  const unit = term.charCodeAt(depth - 1);
  const previousUnit = depth > 1 ? term.charCodeAt(depth - 2) : -1;
  rows[at] = depth;
  let low = depth;
  for (let i = 1; i < width; i++) {
    const cost = keyword.charCodeAt(i - 1) === unit ? 0 : 1;
    let value = Math.min(
      (rows[above + i] as number) + 1,
      (rows[at + i - 1] as number) + 1,
      (rows[above + i - 1] as number) + cost,
    );
    if (
      depth > 1 &&
      i > 1 &&
      keyword.charCodeAt(i - 1) === previousUnit &&
      keyword.charCodeAt(i - 2) === unit
    ) {
      value = Math.min(value, (rows[above - width + i - 2] as number) + 1);
    }
    rows[at + i] = value;
    if (value < low) low = value;
  }
  return low;
}
