import type { RateLimitDecision, RateLimiter } from './rate-limiter.port.js';
import type { BucketName } from './buckets.js';
import type { ChargedUnits, QuotaOutcome, RequestQuota } from './request-quota.port.js';

/**
 * A RequestQuota over a RateLimiter: takes one unit from each bucket in order and stops at the
 * first refusal (later buckets are not charged for a refused request). An admitted request that
 * costs more than one unit in a bucket then takes the rest there (docs/api.md#what-a-search-costs):
 * its cost is planned only now, so a refusal costs what it always did, and the rest may empty
 * the bucket, which refuses the next request.
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
      const decision = await this.limiter.consume(bucket, clientKey);
      decisions.push(decision);
      if (!decision.allowed) {
        return {
          allowed: false,
          decisions,
          retryAfterSeconds: decision.retryAfterSeconds ?? decision.resetSeconds,
        };
      }
    }
    for (const [i, bucket] of buckets.entries()) {
      const rest = (units[bucket]?.() ?? 1) - 1;
      if (rest <= 0) continue;
      const { limit, windowSeconds, remaining, resetSeconds } = await this.limiter.consume(
        bucket,
        clientKey,
        rest,
      );
      decisions[i] = { allowed: true, bucket, limit, windowSeconds, remaining, resetSeconds };
    }
    return { allowed: true, decisions };
  }
}
