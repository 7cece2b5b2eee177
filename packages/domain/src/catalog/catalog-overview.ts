import { compareReviewsNewestFirst, type Review } from './review.js';
import type { Tool } from './tool.js';
import { foldText } from '../search/text-folding.js';

/** A category and how many tools it holds. */
export interface CategoryCount {
  readonly category: string;
  readonly toolCount: number;
}

/** Category names that begin with a prefix, and whether more were left out. */
export interface CategoryPrefixMatches {
  readonly names: readonly string[];
  readonly more: boolean;
}

/**
 * At most `max` of `counts`' categories whose name begins with `prefix`, both folded as search
 * folds text (`data` finds `Databases`, `edit` finds `Éditeurs`), in the order of `counts` (by
 * name). Catalogs have a few dozen categories, so a walk over them is the whole cost.
 */
export function categoriesByPrefix(
  counts: readonly CategoryCount[],
  prefix: string,
  max: number,
): CategoryPrefixMatches {
  const folded = foldText(prefix);
  const names = counts
    .map(({ category }) => category)
    .filter((category) => foldText(category).startsWith(folded));
  return { names: names.slice(0, max), more: names.length > max };
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
