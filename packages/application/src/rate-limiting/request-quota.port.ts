import type { BucketName } from './buckets.js';
import type { RateLimitDecision } from './rate-limiter.port.js';

/**
 * The outcome of charging one request to its buckets: the decision of every bucket charged (for
 * the `RateLimit-Policy` / `RateLimit` headers), and whether the request may proceed. When it may
 * not, `retryAfterSeconds` (≥ 1) says when to retry.
 */
export type QuotaOutcome =
  | { readonly allowed: true; readonly decisions: readonly RateLimitDecision[] }
  | {
      readonly allowed: false;
      readonly decisions: readonly RateLimitDecision[];
      /** Whole seconds, ≥ 1 (the `RateLimiter` port promises it; adapters do not clamp). */
      readonly retryAfterSeconds: number;
    };

/**
 * Units charged per bucket where a request may cost more than one, asked for only once the
 * request is admitted, so that planning them costs a refused request nothing.
 */
export type ChargedUnits = Readonly<Partial<Record<BucketName, () => number>>>;

/**
 * Per-client request quota shared by every driving adapter (docs/api.md#limits): REST and MCP
 * charge the same buckets (`api`, `search`, …) under the same client key (IPv4 address or IPv6
 * /64), so a client cannot double its allowance by switching protocol.
 */
export interface RequestQuota {
  /**
   * Charges one unit to each of `buckets`; once every bucket admitted the request, the rest of
   * what `units` names for a bucket (a search's cost, docs/api.md#what-a-search-costs).
   */
  charge(
    clientKey: string,
    buckets: readonly BucketName[],
    units?: ChargedUnits,
  ): Promise<QuotaOutcome>;
}
