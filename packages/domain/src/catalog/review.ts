/** Who wrote a review; both members are optional in the published data. */
export interface ReviewAuthor {
  readonly name?: string;
  readonly url?: string;
}

/**
 * A dated editorial review of one tool. `reviewedOn` is a calendar date (YYYY-MM-DD),
 * `updatedAt` an ISO 8601 instant; both compare correctly as strings once validated.
 */
export interface Review {
  readonly id: string;
  readonly revisionId: string;
  readonly reviewedOn: string;
  readonly updatedAt: string;
  readonly author: ReviewAuthor;
  readonly likes: string;
  readonly dislikes: string;
}

/**
 * Whether `a` is newer than `b`: a later `reviewedOn`, or the same and a later `updatedAt`. In
 * detail order no review is newer than one before it.
 */
export const isNewerReview = (a: Review, b: Review): boolean =>
  a.reviewedOn > b.reviewedOn || (a.reviewedOn === b.reviewedOn && a.updatedAt > b.updatedAt);

/**
 * Detail order: `reviewedOn` newest first, then `updatedAt` newest first, then id (code points).
 * Negative when `a` comes first.
 */
export function compareReviewsNewestFirst(a: Review, b: Review): number {
  if (a.reviewedOn !== b.reviewedOn) return a.reviewedOn < b.reviewedOn ? 1 : -1;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}
