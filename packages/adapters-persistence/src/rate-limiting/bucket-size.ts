/** The size of one bucket: `points` requests per fixed window of `windowSeconds`. */
export interface BucketSize {
  readonly points: number;
  readonly windowSeconds: number;
}

/**
 * Bucket sizes by name, e.g. `{ signup: { points: 5, windowSeconds: 3600 } }` (docs/api.md#limits).
 */
export type BucketSizes = Readonly<Record<string, BucketSize>>;
