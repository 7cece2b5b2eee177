import type { Review } from './review.js';
import type { Tool } from './tool.js';

/** One review as it last changed, with the tool it belongs to: an entry of the review feed. */
interface ReviewChange {
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

/** A change with its instant parsed once, so the selection compares numbers. */
interface TimedChange extends ReviewChange {
  readonly at: number;
}

function compareTimed(a: TimedChange, b: TimedChange): number {
  return b.at - a.at || compareReviewChangesNewestFirst(a, b);
}

/**
 * The `count` most recent review changes of a catalog, newest first
 * (docs/api.md#for-agents-and-tools-the-machine-documents: the feed's 100 newest by `updatedAt`).
 * One pass with a bounded sorted buffer: O(reviews × log count) time and O(count) memory, whatever
 * the size of the catalog; each instant is parsed once.
 */
export function newestReviewChanges(tools: readonly Tool[], count: number): ReviewChange[] {
  const newest: TimedChange[] = [];
  if (count <= 0) return [];
  for (const tool of tools) {
    for (const review of tool.reviews) {
      const full = newest.length === count;
      if (full && clearlyOlder(review.updatedAt, newest[count - 1]!.review.updatedAt)) continue;
      const at = Date.parse(review.updatedAt);
      if (full) {
        const last = newest[count - 1]!;
        if (at < last.at) continue;
        const change = { tool, review, at };
        if (compareTimed(change, last) >= 0) continue;
        newest.pop();
        newest.splice(insertionPoint(newest, change), 0, change);
      } else {
        const change = { tool, review, at };
        newest.splice(insertionPoint(newest, change), 0, change);
      }
    }
  }
  return newest.map(({ tool, review }) => ({ tool, review }));
}

/**
 * Two UTC instants (`…Z`) whose minutes differ compare as text on their first 16 characters
 * (`YYYY-MM-DDTHH:MM`), whatever their seconds and fractions: a cheap test that spares parsing
 * nearly every review of a large catalog.
 */
function clearlyOlder(instant: string, than: string): boolean {
  return instant.endsWith('Z') && than.endsWith('Z') && instant.slice(0, 16) < than.slice(0, 16);
}

function insertionPoint(sorted: readonly TimedChange[], change: TimedChange): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareTimed(sorted[middle]!, change) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
