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

/** Takes one point; rate-limiter-flexible rejects with a RateLimiterRes when the bucket is empty. */
export async function consumeFrom(
  bucket: string,
  entry: SizedBucket,
  key: string,
): Promise<RateLimitDecision> {
  try {
    return toRateLimitDecision(bucket, entry.size, await entry.limiter.consume(key, 1), true);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes)
      return toRateLimitDecision(bucket, entry.size, refusal, false);
    throw refusal;
  }
}
