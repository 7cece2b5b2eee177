import type { RateLimitDecision, RateLimiter } from './rate-limiter.port.js';
import type { BucketName } from './buckets.js';
import type { ChargedUnits, QuotaOutcome, RequestQuota } from './request-quota.port.js';

/**
 * A RequestQuota over a RateLimiter: takes one unit (or the request's `units` there) from each
 * bucket in order and stops at the first refusal (later buckets are not charged for a refused
 * request).
 */
export class RateLimitedQuota implements RequestQuota {
  constructor(private readonly limiter: RateLimiter) {}

  async charge(
    clientKey: string,
    buckets: readonly BucketName[],
    units: ChargedUnits = {},
  ): Promise<QuotaOutcome> {
    const decisions: RateLimitDecision[] = [];
    for (const bucket of buckets) {
      const decision = await this.limiter.consume(bucket, clientKey, units[bucket] ?? 1);
      decisions.push(decision);
      if (!decision.allowed) {
        return {
          allowed: false,
          decisions,
          retryAfterSeconds: decision.retryAfterSeconds ?? decision.resetSeconds,
        };
      }
    }
    return { allowed: true, decisions };
  }
}
