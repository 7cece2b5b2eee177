import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision } from '@reviews/application';
import type { BucketSize } from './bucket-size.js';

/**
 * Turns rate-limiter-flexible's state of one key into the port's `RateLimitDecision`. A missing
 * state (`null`, nothing counted yet) is a full bucket whose window has not started.
 * `resetSeconds` is rounded up to whole seconds and never below 1; `retryAfterSeconds` is set
 * only when refused (contract §6).
 */
export function toRateLimitDecision(
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
