import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { BucketSize, BucketSizes } from './bucket-size.js';
import { consumeFrom } from './rate-limit-decision.js';

export type { BucketSizes } from './bucket-size.js';
import type { RateLimitDecision, RateLimiter } from '@reviews/application';

/**
 * A `RateLimiter` in process memory (rate-limiter-flexible `RateLimiterMemory`, fixed windows):
 * the embedded default, and the fallback when Redis is unreachable. Counting an unknown bucket
 * is a wiring mistake and throws.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, { size: BucketSize; limiter: RateLimiterMemory }>();

  constructor(buckets: BucketSizes) {
    for (const [bucket, size] of Object.entries(buckets)) {
      const limiter = new RateLimiterMemory({
        keyPrefix: bucket,
        points: size.points,
        duration: size.windowSeconds,
      });
      this.limiters.set(bucket, { size, limiter });
    }
  }

  async consume(bucket: string, key: string, units = 1): Promise<RateLimitDecision> {
    return consumeFrom(bucket, this.bucket(bucket), key, units);
  }

  private bucket(bucket: string) {
    const entry = this.limiters.get(bucket);
    if (entry === undefined) throw new Error(`Rate-limit bucket "${bucket}" is not configured.`);
    return entry;
  }
}
