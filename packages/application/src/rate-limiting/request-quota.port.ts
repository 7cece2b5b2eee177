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
 * Per-client request quota shared by every driving adapter (docs/api.md#limits): REST and MCP
 * charge the same buckets (`api`, `search`, …) under the same client key (IPv4 address or IPv6
 * /64), so a client cannot double its allowance by switching protocol.
 */
export interface RequestQuota {
  charge(clientKey: string, buckets: readonly BucketName[]): Promise<QuotaOutcome>;
}
