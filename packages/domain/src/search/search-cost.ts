/**
 * The work one search will do, as its index plans it before doing any (docs/api.md#what-a-search-costs):
 * what it reads is known from the term dictionary and the caches alone, so a request can be
 * charged for it before any search work, and a refused one costs next to nothing.
 */
export interface SearchWork {
  /**
   * Postings the matching reads (every keyword's, none for a result list already kept), plus the
   * same again when facets are counted and not kept, plus those of an "or" computation that also
   * reads every keyword's postings.
   */
  readonly postings: number;
  /** Keywords looked for in the texts of each hit of the page, to cut its excerpt: hits × keywords. */
  readonly excerptScans: number;
  /** Keywords "did you mean" will look up in the term dictionary: none when it does not run. */
  readonly corrections: number;
}

/** Postings read per unit of the `search` bucket beyond the first (docs/api.md#what-a-search-costs). */
export const POSTINGS_PER_UNIT = 200_000;
/** Excerpts cut per unit beyond the first. */
const EXCERPT_SCANS_PER_UNIT = 60;
/** Units one keyword's spelling corrections cost. */
const UNITS_PER_CORRECTION = 1;

/**
 * Units of the `search` bucket one search costs (docs/api.md#what-a-search-costs): one, plus one
 * for every `POSTINGS_PER_UNIT` postings read, every 60 keywords looked for in excerpts and every keyword whose
 * spelling "did you mean" corrects. The one rule of every search route (REST, page, MCP).
 */
export function searchUnits(work: SearchWork): number {
  return (
    1 +
    Math.floor(work.postings / POSTINGS_PER_UNIT) +
    Math.floor(work.excerptScans / EXCERPT_SCANS_PER_UNIT) +
    work.corrections * UNITS_PER_CORRECTION
  );
}
