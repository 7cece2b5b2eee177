/**
 * The outcome of taking one unit from a bucket. `limit` is the bucket's size per window,
 * `remaining` what is left after this request, `resetSeconds` the whole seconds until the window
 * frees up (≥ 1), `retryAfterSeconds` set only when refused.
 */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly bucket: string;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly remaining: number;
  readonly resetSeconds: number;
  readonly retryAfterSeconds?: number;
}

/**
 * Counts requests per (bucket, key) in fixed windows (docs/api.md#limits). Keys are already reduced
 * to what is counted (an IPv4 address, an IPv6 /64, a normalised e-mail address). Implementations:
 * in process, and Redis shared by every instance. Contract (checked by
 * `describeRateLimiterContract`, docs/adapters.md#ratelimiter): a bucket allows its size per window,
 * counting `remaining` down, then refuses with `retryAfterSeconds` ≥ 1; keys and buckets count
 * separately; a window that has passed frees its bucket; concurrent calls allow exactly the
 * bucket's size (atomic). An outage never throws: the Redis limiter falls back to counting in
 * process.
 */
export interface RateLimiter {
  /**
   * Takes `units` (default 1); a refusal carries `retryAfterSeconds` ≥ 1, so adapters need not
   * clamp it. A request is allowed while its bucket has a unit left and then takes all its
   * units, so one costly search may empty the bucket (docs/api.md#what-a-search-costs).
   */
  consume(bucket: string, key: string, units?: number): Promise<RateLimitDecision>;
  /**
   * For a limiter that counts in a store every instance shares: whether it reaches that store
   * now (false while it counts in process instead). Absent for a limiter that counts in process.
   */
  sharedStoreReady?(): boolean;
}
