import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision } from '@reviews/application';
import type { BucketSize } from './bucket-size.js';

/**
 * Turns rate-limiter-flexible's state of one key into the port's `RateLimitDecision`. A missing
 * state (`null`, nothing counted yet) is a full bucket whose window has not started.
 * `resetSeconds` is rounded up to whole seconds and never below 1; `retryAfterSeconds` is set
 * only when refused (docs/api.md#limits).
 */
function toRateLimitDecision(
  bucket: string,
  size: BucketSize,
  state: RateLimiterRes | null,
  allowed: boolean,
): RateLimitDecision {
  const consumed = state?.consumedPoints ?? 0;
  const msBeforeNext = state?.msBeforeNext ?? size.windowSeconds * 1000;
  const resetSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return {
    allowed,
    bucket,
    limit: size.points,
    windowSeconds: size.windowSeconds,
    remaining: Math.max(0, size.points - consumed),
    resetSeconds,
    ...(allowed ? {} : { retryAfterSeconds: resetSeconds }),
  };
}

/** What both limiters keep per bucket: anything rate-limiter-flexible can consume from and read. */
interface SizedBucket {
  readonly size: BucketSize;
  readonly limiter: {
    consume(key: string, points: number): Promise<RateLimiterRes>;
    get(key: string): Promise<RateLimiterRes | null>;
  };
}

/**
 * Takes `units` points; rate-limiter-flexible rejects with a RateLimiterRes when they overrun the
 * bucket. The request is allowed all the same when a point was left before it (the port's rule:
 * one costly search may empty the bucket, docs/api.md#what-a-search-costs).
 */
export async function consumeFrom(
  bucket: string,
  entry: SizedBucket,
  key: string,
  units = 1,
): Promise<RateLimitDecision> {
  try {
    return toRateLimitDecision(bucket, entry.size, await entry.limiter.consume(key, units), true);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) {
      const hadAUnit = refusal.consumedPoints - units < entry.size.points;
      return toRateLimitDecision(bucket, entry.size, refusal, hadAUnit);
    }
    throw refusal;
  }
}
