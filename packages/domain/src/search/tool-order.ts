import type { Review } from '../catalog/review.js';
import type { Tool } from '../catalog/tool.js';
import { foldText } from './text-folding.js';

/**
 * Compares strings by Unicode code point (not UTF-16 unit, which misorders characters above
 * U+FFFF against U+E000–U+FFFF). Negative when `a` comes first.
 */
function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i))
      return (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0);
  }
  return a.length - b.length;
}

/**
 * Orders of the tools that do not depend on the query, computed once per index so that ranking
 * a search compares integers, never strings.
 */
export interface ToolOrder {
  /**
   * Position of each tool (by ordinal) in the keyword tie-break order
   * (docs/api.md#search-rules-in-short: review date, name, id).
   */
  readonly keywordRank: Uint32Array;
  /** Tool ordinals in that tie-break order: the inverse of `keywordRank`. */
  readonly keywordOrder: Uint32Array;
  /** Tool ordinals in browse order (no `q`). */
  readonly browseOrder: Uint32Array;
}

/** What the orders and categories read of a tool: its id, name, category and reviews' dates. */
export type OrderedTool = Pick<Tool, 'id' | 'name' | 'category'> & {
  readonly reviews: readonly Pick<Review, 'reviewedOn' | 'updatedAt'>[];
};

/**
 * The least of `tool` that orders and categorises it as `tool` itself does: its id, name and
 * category, and the dates of its newest review only (the orders read no other). A reload that
 * streams the tools away as it reads them keeps these, a few dozen bytes a tool, to order them
 * once all are read.
 */
export function orderStubOf(tool: Tool): OrderedTool {
  const newest = newestDates(tool);
  return {
    id: tool.id,
    name: tool.name,
    category: tool.category,
    reviews: newest.reviewedOn === '' ? [] : [newest],
  };
}

interface SortKeys {
  readonly reviewedOn: string;
  readonly updatedAt: string;
  readonly foldedName: string;
  readonly name: string;
  readonly id: string;
}

/** The newest review's dates, compared as `reviewedOn` then `updatedAt`; empty when unreviewed. */
function newestDates(tool: OrderedTool): Pick<Review, 'reviewedOn' | 'updatedAt'> {
  let reviewedOn = '';
  let updatedAt = '';
  for (const review of tool.reviews) {
    const newer =
      review.reviewedOn > reviewedOn ||
      (review.reviewedOn === reviewedOn && review.updatedAt > updatedAt);
    if (newer) ({ reviewedOn, updatedAt } = review);
  }
  return { reviewedOn, updatedAt };
}

function sortKeysOf(tool: OrderedTool): SortKeys {
  const { reviewedOn, updatedAt } = newestDates(tool);
  return { reviewedOn, updatedAt, foldedName: foldText(tool.name), name: tool.name, id: tool.id };
}

// Dates are validated ISO strings, so string order is time order; '' (no review) sorts last.
const newestFirst = (a: string, b: string): number => (a === b ? 0 : a > b ? -1 : 1);

const byNameThenId = (a: SortKeys, b: SortKeys): number =>
  compareCodePoints(a.foldedName, b.foldedName) ||
  compareCodePoints(a.name, b.name) ||
  compareCodePoints(a.id, b.id);

const keywordTieBreak = (a: SortKeys, b: SortKeys): number =>
  newestFirst(a.reviewedOn, b.reviewedOn) ||
  newestFirst(a.updatedAt, b.updatedAt) ||
  byNameThenId(a, b);

const browse = (a: SortKeys, b: SortKeys): number =>
  newestFirst(a.reviewedOn, b.reviewedOn) || byNameThenId(a, b);

function sortOrdinals(
  keys: readonly SortKeys[],
  compare: (a: SortKeys, b: SortKeys) => number,
): Uint32Array {
  const ordinals = Array.from(keys, (_, ordinal) => ordinal);
  ordinals.sort((a, b) => compare(keys[a] as SortKeys, keys[b] as SortKeys));
  return Uint32Array.from(ordinals);
}

/** Computes both query-independent orders of `tools` (ordinal = position in `tools`). */
export function computeToolOrder(tools: readonly OrderedTool[]): ToolOrder {
  const keys = tools.map(sortKeysOf);
  const keywordOrder = sortOrdinals(keys, keywordTieBreak);
  const keywordRank = new Uint32Array(tools.length);
  keywordOrder.forEach((ordinal, rank) => (keywordRank[ordinal] = rank));
  return { keywordRank, keywordOrder, browseOrder: sortOrdinals(keys, browse) };
}
