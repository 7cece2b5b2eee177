import { foldWithOffsets } from './text-folding.js';
import { forEachTermOfToken, scanTokens } from './tokenizer.js';

/** `[start, end)` in UTF-16 units of an excerpt: a part of a word that a keyword matched. */
type HighlightRange = readonly [start: number, end: number];

const APOSTROPHE = /['’]/;
/** Marks that fold to nothing: a range ending on a letter takes the marks that follow it along. */
const COMBINING_MARK = /\p{M}/u;

/**
 * Where the keywords matched inside `excerpt` (docs/api.md#highlights): for each word and each
 * keyword that matches it under the search rule (the word, or a compound part of it, begins with
 * the keyword), the part of the word the keyword covers, so `postg` marks `Postg` in
 * `PostgreSQL`, `js` marks `js` in `node.js` and a keyword equal to the word marks all of it.
 * Matching runs on the folded excerpt, and the ranges are mapped back to the excerpt itself,
 * whose accents and compatibility characters folding may have changed (`Crème`, `ﬁle`).
 * Overlapping or touching ranges are merged; the result is ordered.
 *
 * A pure function of the finished excerpt and the folded, distinct keywords of the query, so it
 * works on whatever excerpt the search returned, however that was built.
 */
export function excerptHighlights(excerpt: string, keywords: readonly string[]): HighlightRange[] {
  if (keywords.length === 0 || excerpt === '') return [];
  const folding = foldWithOffsets(excerpt);
  const { folded } = folding;
  const ranges: Array<[number, number]> = [];
  scanTokens(folded, (token, start, end) => {
    for (const keyword of keywords) {
      // Every term of a token is a substring of it (see forEachTermOfToken), so a token that
      // does not hold the keyword has no term it begins: most tokens end here.
      if (!token.includes(keyword)) continue;
      forEachTermOfToken(token, (term) => {
        if (!term.startsWith(keyword)) return;
        const from = token.indexOf(term);
        const [first, last] = rawRange(folded, start, end, from, from + keyword.length);
        let to = folding.originalEnd(last - 1);
        while (to < excerpt.length && COMBINING_MARK.test(excerpt[to] as string)) to++;
        ranges.push([folding.originalStart(first), to]);
      });
    }
  });
  return merged(ranges);
}

/**
 * Units `[from, to)` of a token, counted without its apostrophes (as tokens drop them), as a
 * range of the folded text, where the token is `[start, end)` with its apostrophes.
 */
function rawRange(
  folded: string,
  start: number,
  end: number,
  from: number,
  to: number,
): [number, number] {
  if (!APOSTROPHE.test(folded.slice(start, end))) return [start + from, start + to];
  let first = end;
  let last = end;
  let seen = 0;
  for (let i = start; i < end; i++) {
    if (APOSTROPHE.test(folded[i] as string)) continue;
    if (seen === from) first = i;
    seen++;
    if (seen === to) {
      last = i + 1;
      break;
    }
  }
  return [first, last];
}

function merged(ranges: Array<[number, number]>): HighlightRange[] {
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Array<[number, number]> = [];
  for (const range of ranges) {
    const previous = out[out.length - 1];
    if (previous !== undefined && range[0] <= previous[1]) {
      previous[1] = Math.max(previous[1], range[1]);
    } else {
      out.push([range[0], range[1]]);
    }
  }
  return out;
}
