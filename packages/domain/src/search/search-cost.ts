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

/** Postings read per unit of the `search` bucket beyond the first (docs/api.md#what-a-search-costs). */
export const POSTINGS_PER_UNIT = 200_000;
/**
 * Postings of the closest tools per unit. Matching reads the rarest keyword and looks its
 * tools up in the others, so it rarely reads all it is charged for; the union reads every
 * posting, and stamps, scores and ranks each tool it meets. With the rate of their excerpts
 * below, a unit of the closest tools buys about the CPU time of an ordinary search at 10k and
 * 100k tools (docs/performance.md#relevance-and-the-closest-tools).
 */
export const CLOSEST_POSTINGS_PER_UNIT = 50_000;
/**
 * Keywords looked for in the page's excerpts (and highlighted) per unit beyond the first: about
 * the CPU time of an ordinary search at 10k tools, where a keyword of a hit's excerpt takes
 * 6 µs (twelve single letters, a page of 20) and an ordinary search 0.28 ms. An ordinary page
 * (up to three keywords, 10 hits) stays within its first unit.
 */
export const EXCERPT_SCANS_PER_UNIT = 45;
/** Keywords looked for in the closest tools' review texts per unit: every review, each keyword. */
export const CLOSEST_EXCERPT_SCANS_PER_UNIT = 10;
/** Units one keyword's spelling corrections cost. */
const UNITS_PER_CORRECTION = 1;

/**
 * Units of the `search` bucket one search costs (docs/api.md#what-a-search-costs): one, plus one
 * for every `POSTINGS_PER_UNIT` postings matching reads, every `CLOSEST_POSTINGS_PER_UNIT` the
 * closest tools read, every 45 keywords looked for in the page's excerpts and every 10 in the
 * closest tools' excerpts, and every keyword whose spelling "did you mean" corrects. The one
 * rule of every search route (REST, page, MCP).
 */
export function searchUnits(work: SearchWork): number {
  return (
    1 +
    Math.floor(work.postings / POSTINGS_PER_UNIT) +
    Math.floor(work.closestPostings / CLOSEST_POSTINGS_PER_UNIT) +
    Math.floor(work.excerptScans / EXCERPT_SCANS_PER_UNIT) +
    Math.floor(work.closestExcerptScans / CLOSEST_EXCERPT_SCANS_PER_UNIT) +
    work.corrections * UNITS_PER_CORRECTION
  );
}
