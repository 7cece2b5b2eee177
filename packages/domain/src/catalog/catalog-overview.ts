import { compareReviewsNewestFirst, type Review } from './review.js';
import type { Tool } from './tool.js';

/** A category and how many tools it holds. */
export interface CategoryCount {
  readonly category: string;
  readonly toolCount: number;
}

/** One review with the tool it belongs to. */
export interface ToolReview {
  readonly tool: Tool;
  readonly review: Review;
}

/** Every category with its number of tools, by name (code point order). */
export function countToolsByCategory(tools: readonly Tool[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const tool of tools) {
    if (tool.category !== null) counts.set(tool.category, (counts.get(tool.category) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([category, toolCount]) => ({ category, toolCount }));
}

/**
 * The `count` newest reviews of the whole catalog, in detail order (`reviewedOn`, then
 * `updatedAt`, newest first, then review id), ties between tools broken by tool id. Each tool's
 * `reviews` must already be newest first (as a `Publication` keeps them), so only the first
 * `count` of each tool can qualify: the work is bounded by tools × count, not by all reviews.
 */
export function newestReviews(tools: readonly Tool[], count: number): ToolReview[] {
  if (count <= 0) return [];
  const candidates: ToolReview[] = [];
  for (const tool of tools) {
    for (const review of tool.reviews.slice(0, count)) candidates.push({ tool, review });
  }
  return candidates
    .sort(
      (a, b) =>
        compareReviewsNewestFirst(a.review, b.review) ||
        (a.tool.id < b.tool.id ? -1 : a.tool.id > b.tool.id ? 1 : 0),
    )
    .slice(0, count);
}
