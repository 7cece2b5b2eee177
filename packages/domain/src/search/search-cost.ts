/**
 * The work one search will do, as its index plans it (docs/api.md#what-a-search-costs): what it
 * reads is known from the term dictionary and the caches, and whether anything matches every
 * keyword from the matching, which the plan runs first when they cannot tell; so a request is
 * charged for its work once admitted, before any of the rest is done, and a refused one costs
 * next to nothing.
 */
export interface SearchWork {
  /**
   * Postings the matching reads (every keyword's, none for a result list already kept), plus the
   * same again when facets are counted by a matching of their own (not kept, and the request has
   * a category; without one, the search's matching counts them).
   */
  readonly postings: number;
  /**
   * Postings the closest tools read when no tool matches every keyword and they are not kept:
   * every keyword's, a union that scores each tool it meets and keeps the best page of them.
   */
  readonly closestPostings: number;
  /** Keywords looked for in the texts of each hit of the page, to cut its excerpt: hits × keywords. */
  readonly excerptScans: number;
  /**
   * The same for the closest tools' page: most of their keywords are missing from their own
   * profile, so each is looked for in the texts of every review.
   */
  readonly closestExcerptScans: number;
  /** Keywords "did you mean" will look up in the term dictionary: none when it does not run. */
  readonly corrections: number;
}

/**
 * Postings read per unit of the `search` bucket beyond the first, by the matching and by the
 * closest tools' union alike (docs/api.md#what-a-search-costs).
 */
export const POSTINGS_PER_UNIT = 200_000;
/**
 * Keywords looked for in excerpts (and highlighted) per unit beyond the first, the page's and
 * the closest tools' alike: about the CPU time of an ordinary search at 10k tools, where a
 * keyword of a hit's excerpt takes 6 µs (twelve single letters, a page of 20) and an ordinary
 * search 0.28 ms. An ordinary page (up to three keywords, 10 hits) stays within its first unit.
 * Priced as a server runs (no forced collection), a unit of the closest tools takes 0.2 to 0.45
 * ms of CPU at 10k and 100k tools, about an ordinary search's 0.28 ms at 10k; at 100k an
 * ordinary search takes 1.7 ms for its one unit (docs/relevance.md#what-the-closest-tools-cost).
 */
export const EXCERPT_SCANS_PER_UNIT = 45;
/** Units one keyword's spelling corrections cost. */
const UNITS_PER_CORRECTION = 1;

/**
 * Units of the `search` bucket one search costs (docs/api.md#what-a-search-costs): one, plus one
 * for every `POSTINGS_PER_UNIT` postings read (matching and closest tools together), every
 * `EXCERPT_SCANS_PER_UNIT` keywords looked for in excerpts (the page's and the closest tools'),
 * and every keyword whose spelling "did you mean" corrects. The one rule of every search route
 * (REST, page, MCP).
 */
export function searchUnits(work: SearchWork): number {
  return (
    1 +
    Math.floor((work.postings + work.closestPostings) / POSTINGS_PER_UNIT) +
    Math.floor((work.excerptScans + work.closestExcerptScans) / EXCERPT_SCANS_PER_UNIT) +
    work.corrections * UNITS_PER_CORRECTION
  );
}
