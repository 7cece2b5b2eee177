import { parseSearchQuery } from './search-query.js';
import type { TermDictionary } from './term-dictionary.js';
import { forEachTypoCorrection, typoBudget } from './typo-matching.js';

/** At most this many suggestions per answer (docs/api.md#did-you-mean). */
export const MAX_SUGGESTIONS = 3;
/** Spellings tried per keyword: its own (when it matches a term) and the best corrections. */
const SPELLINGS_PER_KEYWORD = 4;
/** Queries checked against the index before giving up: bounds the work of one empty answer. */
const MAX_CHECKS = 24;

/** A query that finds tools where the one asked found none, and how many it finds. */
export interface SearchSuggestion {
  readonly q: string;
  readonly total: number;
}

interface Spelling {
  readonly text: string;
  readonly distance: number;
}

/** What suggesting needs of an index. */
interface SuggestionSource {
  readonly dictionary: TermDictionary;
  /** How many postings the terms beginning with `text` have (more common spellings first). */
  postingCount(text: string): number;
  /** How many tools match every one of `keywords` (folded, distinct), with the request's filter. */
  count(keywords: readonly string[]): number;
}

/**
 * "Did you mean" for a search whose `keywords` matched no tool (docs/api.md#did-you-mean): up to
 * three queries, each a spelling of the keywords that the index's terms support within the typo
 * budget of each keyword (see {@link typoBudget}), fewest typos first, and each checked to find
 * tools before it is offered. A keyword keeps its own spelling as the first choice when it matches
 * a term as it is, so only the words that need it change.
 */
export function suggestQueries(
  keywords: readonly string[],
  source: SuggestionSource,
): SearchSuggestion[] {
  const spellings = keywords.map((keyword) => spellingsOf(keyword, source));
  if (spellings.some((options) => options.length === 0)) return [];
  const suggestions: SearchSuggestion[] = [];
  const offered = new Set<string>();
  // Best first by total typos: start from each keyword's first choice and step one keyword to
  // its next choice at a time.
  const frontier: number[][] = [keywords.map(() => 0)];
  const seen = new Set<string>([frontier[0]?.join(',') ?? '']);
  let checks = 0;
  while (frontier.length > 0 && checks < MAX_CHECKS && suggestions.length < MAX_SUGGESTIONS) {
    frontier.sort((a, b) => typos(a, spellings) - typos(b, spellings));
    const choice = frontier.shift() as number[];
    for (let k = 0; k < choice.length; k++) {
      if ((choice[k] as number) + 1 >= (spellings[k]?.length ?? 0)) continue;
      const next = choice.map((value, i) => (i === k ? value + 1 : value));
      const key = next.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      frontier.push(next);
    }
    if (typos(choice, spellings) === 0) continue;
    const q = choice.map((value, k) => spellings[k]?.[value]?.text ?? '').join(' ');
    const parsed = parseSearchQuery(q);
    if (!parsed.ok || offered.has(q)) continue;
    checks++;
    const total = source.count(parsed.value);
    if (total === 0) continue;
    offered.add(q);
    suggestions.push({ q, total });
  }
  return suggestions;
}

const typos = (choice: readonly number[], spellings: readonly Spelling[][]): number =>
  choice.reduce((sum, value, k) => sum + (spellings[k]?.[value]?.distance ?? 0), 0);

/**
 * The spellings of `keyword` to try, best first: itself when a term begins with it, then its
 * corrections by fewest typos, whole terms before beginnings of terms, most common, then text.
 * A correction must read back as the one keyword it stands for, so that the suggested `q`
 * searches for exactly what was checked.
 */
function spellingsOf(keyword: string, source: SuggestionSource): Spelling[] {
  const { dictionary } = source;
  const own = dictionary.prefixRange(keyword);
  const corrections = new Map<string, { distance: number; whole: boolean; weight: number }>();
  forEachTypoCorrection(dictionary, keyword, typoBudget(keyword), (correction) => {
    if (correction.distance === 0) return;
    const parsed = parseSearchQuery(correction.text);
    if (!parsed.ok || parsed.value.length !== 1 || parsed.value[0] !== correction.text) return;
    const known = corrections.get(correction.text);
    if (known === undefined) {
      corrections.set(correction.text, {
        distance: correction.distance,
        whole: correction.whole,
        weight: source.postingCount(correction.text),
      });
    } else {
      known.whole ||= correction.whole;
    }
  });
  const ranked = [...corrections.entries()]
    .sort(
      ([a, x], [b, y]) =>
        x.distance - y.distance ||
        Number(y.whole) - Number(x.whole) ||
        y.weight - x.weight ||
        (a < b ? -1 : a > b ? 1 : 0),
    )
    .map(([text, { distance }]) => ({ text, distance }));
  const options = own.start < own.end ? [{ text: keyword, distance: 0 }, ...ranked] : ranked;
  return options.slice(0, SPELLINGS_PER_KEYWORD);
}
