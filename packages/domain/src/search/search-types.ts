import type { Review } from '../catalog/review.js';
import type { StackTag } from '../catalog/stacks.js';
import type { Tool } from '../catalog/tool.js';

/** Which text an excerpt comes from: current tool metadata, or a field of the cited review. */
type ExcerptSource = 'likes' | 'dislikes' | 'tool';

/**
 * Plain text of at most 240 code points around the first match. When `source` is `likes` or
 * `dislikes`, `review` is the historical review it was taken from (to be cited).
 */
export interface Excerpt {
  readonly text: string;
  readonly source: ExcerptSource;
  readonly review?: Review;
  /**
   * The stack tags through which a keyword matched that the name, description and category do not
   * match, in the tool's order; absent when there are none (docs/api.md#matched-stack-tags).
   */
  readonly tags?: readonly StackTag[];
}

export interface SearchHit {
  readonly tool: Tool;
  /** Present only for keyword searches. */
  readonly excerpt?: Excerpt;
}

/** A validated search: folded, distinct keywords (empty = browse) and an optional exact category. */
export interface SearchRequest {
  readonly keywords: readonly string[];
  readonly category?: string | undefined;
}

/**
 * The complete, totally ordered result of one search over one publication. Immutable and cheap to
 * keep: it holds tool ordinals, not copies, and builds hits (with excerpts) only for the slice asked.
 */
export interface SearchResultList {
  readonly total: number;
  hits(start: number, end: number): readonly SearchHit[];
}

/**
 * One of the closest tools of a search that no tool matches in full
 * (docs/api.md#the-closest-tools): the keywords it matches, in the order of the query, and
 * those it misses. Its excerpt is built from the keywords it matches.
 */
export interface ClosestHit {
  readonly tool: Tool;
  readonly excerpt: Excerpt;
  readonly matchedKeywords: readonly string[];
  readonly missingKeywords: readonly string[];
}

/** The closest tools of one search, and the work finding them took. */
export interface ClosestTools {
  readonly hits: readonly ClosestHit[];
  /**
   * Postings read to find them, in the unit of an ordinary search's matching; 0 when they were
   * kept from an earlier identical search.
   */
  readonly postingsRead: number;
}
