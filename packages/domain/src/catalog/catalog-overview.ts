import { compareReviewsNewestFirst, type Review } from './review.js';
import type { Tool } from './tool.js';
import { foldText } from '../search/text-folding.js';
import { finished } from '../shared/slices.js';

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
  return finished(toolsByCategoryInSlices(tools, Infinity));
}

/** `countToolsByCategory`, yielding after about every `slice` tools. */
export function* toolsByCategoryInSlices(
  tools: readonly Tool[],
  slice: number,
): Generator<void, CategoryCount[]> {
  const counts = new Map<string, number>();
  for (let i = 0; i < tools.length; i++) {
    const { category } = tools[i] as Tool;
    if (category !== null) counts.set(category, (counts.get(category) ?? 0) + 1);
    if ((i + 1) % slice === 0) yield;
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
  return finished(newestReviewsInSlices(tools, count, Infinity));
}

/**
 * `newestReviews`, yielding after about every `slice` tools. The `count` newest so far are kept
 * in order, and a review enters only when it is newer than the last of them: a tool's later
 * reviews are older still, so its walk stops at its first review that does not enter.
 */
export function* newestReviewsInSlices(
  tools: readonly Tool[],
  count: number,
  slice: number,
): Generator<void, ToolReview[]> {
  const newest: ToolReview[] = [];
  if (count <= 0) return newest;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i] as Tool;
    for (const review of tool.reviews) {
      const candidate = { tool, review };
      const last = newest[newest.length - 1];
      if (newest.length === count && last !== undefined && newerFirst(candidate, last) >= 0) break;
      let at = newest.length;
      while (at > 0 && newerFirst(candidate, newest[at - 1] as ToolReview) < 0) at--;
      newest.splice(at, 0, candidate);
      if (newest.length > count) newest.pop();
    }
    if ((i + 1) % slice === 0) yield;
  }
  return newest;
}

const newerFirst = (a: ToolReview, b: ToolReview): number =>
  compareReviewsNewestFirst(a.review, b.review) ||
  (a.tool.id < b.tool.id ? -1 : a.tool.id > b.tool.id ? 1 : 0);
