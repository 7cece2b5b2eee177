import type { RateLimitDecision, RateLimiter } from './rate-limiter.port.js';
import type { QuotaOutcome, RequestQuota } from './request-quota.port.js';

/**
 * A RequestQuota over a RateLimiter: takes one unit from each bucket in order and stops at the
 * first refusal (later buckets are not charged for a refused request).
 */
export class RateLimitedQuota implements RequestQuota {
  constructor(private readonly limiter: RateLimiter) {}

  async charge(clientKey: string, buckets: readonly string[]): Promise<QuotaOutcome> {
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
    return { allowed: true, decisions };
  }
}
