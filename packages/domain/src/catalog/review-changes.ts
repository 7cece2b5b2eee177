import type { Review } from './review.js';
import type { Tool } from './tool.js';

/** One review as it last changed, with the tool it belongs to: an entry of the review feed. */
export interface ReviewChange {
  readonly tool: Tool;
  readonly review: Review;
}

/**
 * Feed order: the latest change first (`updatedAt` as an instant, so `…00.5Z` is after `…00Z`),
 * then tool id, then review id, so the order is total and the feed is stable for a publication.
 * Negative when `a` comes first.
 */
export function compareReviewChangesNewestFirst(a: ReviewChange, b: ReviewChange): number {
  const byTime = Date.parse(b.review.updatedAt) - Date.parse(a.review.updatedAt);
  if (byTime !== 0) return byTime;
  if (a.tool.id !== b.tool.id) return a.tool.id < b.tool.id ? -1 : 1;
  if (a.review.id !== b.review.id) return a.review.id < b.review.id ? -1 : 1;
  return 0;
}

/**
 * The `count` most recent review changes of a catalog, newest first (contract §9: the feed's 100
 * newest by `updatedAt`). One pass with a bounded sorted buffer: O(reviews × log count) time and
 * O(count) memory, whatever the size of the catalog.
 */
export function newestReviewChanges(tools: readonly Tool[], count: number): ReviewChange[] {
  const newest: ReviewChange[] = [];
  if (count <= 0) return newest;
  for (const tool of tools) {
    for (const review of tool.reviews) {
      const change = { tool, review };
      if (newest.length === count) {
        if (compareReviewChangesNewestFirst(change, newest[count - 1]!) >= 0) continue;
        newest.pop();
      }
      newest.splice(insertionPoint(newest, change), 0, change);
    }
  }
  return newest;
}

function insertionPoint(sorted: readonly ReviewChange[], change: ReviewChange): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareReviewChangesNewestFirst(sorted[middle]!, change) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
