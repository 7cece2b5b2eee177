import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { tokenize } from './tokenizer.js';

/** `q` may be at most this many characters, counted in Unicode code points. */
export const MAX_QUERY_LENGTH = 200;
/** A query may hold at most this many distinct keywords. */
export const MAX_KEYWORDS = 12;

/**
 * Why `q` was refused (all are HTTP 400): `QUERY_TOO_LONG` (over {@link MAX_QUERY_LENGTH} code
 * points), `TOO_MANY_KEYWORDS` (over {@link MAX_KEYWORDS} distinct keywords), `NO_KEYWORDS`
 * (characters, but not one letter or digit to search for).
 */
export type QueryError = DomainError<'QUERY_TOO_LONG' | 'TOO_MANY_KEYWORDS' | 'NO_KEYWORDS'>;

function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    count++;
  }
  return count;
}

/**
 * Turns the `q` parameter into search keywords (docs/api.md#search-rules-in-short): the distinct
 * primary tokens of `q` in first-seen order, folded. `undefined`, empty or white-space-only `q`
 * gives no keywords (browse). Length is checked first, on the raw text, so an over-long `q` is
 * refused even when it is only white space.
 */
export function parseSearchQuery(q: string | undefined): Result<readonly string[], QueryError> {
  if (q === undefined) return ok([]);
  if (codePointLength(q) > MAX_QUERY_LENGTH) {
    return err(
      domainError(
        'QUERY_TOO_LONG',
        `q must be at most ${MAX_QUERY_LENGTH} characters long; shorten the search to its most distinctive words`,
      ),
    );
  }
  if (q.trim() === '') return ok([]);
  const keywords = [...new Set(tokenize(q))];
  if (keywords.length > MAX_KEYWORDS) {
    return err(
      domainError(
        'TOO_MANY_KEYWORDS',
        `q may contain at most ${MAX_KEYWORDS} distinct keywords but has ${keywords.length}; remove some words (every keyword must match, so fewer words find more tools)`,
      ),
    );
  }
  if (keywords.length === 0) {
    return err(
      domainError(
        'NO_KEYWORDS',
        'q contains no keyword: include at least one word of letters or digits, or leave q out to browse all tools',
      ),
    );
  }
  return ok(keywords);
}
