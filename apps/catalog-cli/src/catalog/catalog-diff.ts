import type { CatalogDocument, Review, Tool } from '@reviews/domain';

/** A review named by its tool and id. */
export interface ReviewRef {
  readonly toolId: string;
  readonly reviewId: string;
  readonly reviewedOn: string;
}

/** What publishing `next` over `previous` would change (tools and reviews matched by id). */
export interface CatalogDiff {
  readonly toolsAdded: readonly Tool[];
  readonly toolsRemoved: readonly Tool[];
  /** Tools in both whose own members changed, with the names of those members. */
  readonly toolsChanged: readonly { readonly tool: Tool; readonly members: readonly string[] }[];
  /** Reviews whose id is new (reviews of added tools included). */
  readonly reviewsNew: readonly ReviewRef[];
  /** Reviews whose id exists and whose `revisionId` changed. */
  readonly reviewsRevised: readonly (ReviewRef & { readonly from: string; readonly to: string })[];
  /** Reviews whose id is gone (reviews of removed tools included). */
  readonly reviewsRemoved: readonly ReviewRef[];
  /** Same id and `revisionId` but different content: a revision the catalog forgot to mark. */
  readonly reviewsChangedUnmarked: readonly ReviewRef[];
}

const TOOL_MEMBERS = ['name', 'description', 'website', 'category', 'stacks'] as const;

const ref = (tool: Tool, review: Review): ReviewRef => ({
  toolId: tool.id,
  reviewId: review.id,
  reviewedOn: review.reviewedOn,
});

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Compares two validated catalogs; the lists follow the order of the documents. */
export function diffCatalogs(previous: CatalogDocument, next: CatalogDocument): CatalogDiff {
  const before = new Map(previous.tools.map((tool) => [tool.id, tool]));
  const after = new Map(next.tools.map((tool) => [tool.id, tool]));
  const diff = {
    toolsAdded: [] as Tool[],
    toolsRemoved: previous.tools.filter((tool) => !after.has(tool.id)),
    toolsChanged: [] as { tool: Tool; members: string[] }[],
    reviewsNew: [] as ReviewRef[],
    reviewsRevised: [] as (ReviewRef & { from: string; to: string })[],
    reviewsRemoved: [] as ReviewRef[],
    reviewsChangedUnmarked: [] as ReviewRef[],
  };
  for (const tool of next.tools) {
    const old = before.get(tool.id);
    if (old === undefined) {
      diff.toolsAdded.push(tool);
      for (const review of tool.reviews) diff.reviewsNew.push(ref(tool, review));
      continue;
    }
    const members = TOOL_MEMBERS.filter((member) => !same(old[member], tool[member]));
    if (members.length > 0) diff.toolsChanged.push({ tool, members });
    const oldReviews = new Map(old.reviews.map((review) => [review.id, review]));
    const newIds = new Set(tool.reviews.map((review) => review.id));
    for (const review of tool.reviews) {
      const was = oldReviews.get(review.id);
      if (was === undefined) diff.reviewsNew.push(ref(tool, review));
      else if (was.revisionId !== review.revisionId) {
        diff.reviewsRevised.push({
          ...ref(tool, review),
          from: was.revisionId,
          to: review.revisionId,
        });
      } else if (!same(was, review)) diff.reviewsChangedUnmarked.push(ref(tool, review));
    }
    for (const review of old.reviews) {
      if (!newIds.has(review.id)) diff.reviewsRemoved.push(ref(old, review));
    }
  }
  for (const tool of diff.toolsRemoved) {
    for (const review of tool.reviews) diff.reviewsRemoved.push(ref(tool, review));
  }
  return diff;
}

/** True when publishing `next` would change nothing a reader can see. */
export const isEmptyDiff = (diff: CatalogDiff): boolean =>
  diff.toolsAdded.length +
    diff.toolsRemoved.length +
    diff.toolsChanged.length +
    diff.reviewsNew.length +
    diff.reviewsRevised.length +
    diff.reviewsRemoved.length +
    diff.reviewsChangedUnmarked.length ===
  0;
