import type { RateLimitDecision, RateLimiter } from '../rate-limiting/rate-limiter.port.js';
import type { Clock } from '../shared/clock.port.js';

interface BucketSize {
  readonly points: number;
  readonly windowSeconds: number;
}

/**
 * A fixed-window `RateLimiter` driven by an injected clock, for use-case tests. Buckets not
 * configured are unlimited.
 */
export class CountingRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; used: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly buckets: Readonly<Record<string, BucketSize>>,
  ) {}

  async consume(bucket: string, key: string, units = 1): Promise<RateLimitDecision> {
    return this.decide(bucket, key, units);
  }

  private decide(bucket: string, key: string, units: number): RateLimitDecision {
    const size = this.buckets[bucket] ?? { points: Number.MAX_SAFE_INTEGER, windowSeconds: 1 };
    const now = this.clock.now().getTime();
    const id = `${bucket}\u0000${key}`;
    let window = this.windows.get(id);
    if (window === undefined || now - window.startedAt >= size.windowSeconds * 1000) {
      window = { startedAt: now, used: 0 };
      this.windows.set(id, window);
    }
    const allowed = window.used < size.points;
    if (allowed) window.used += units;
    const resetSeconds = Math.max(
      1,
      Math.ceil((window.startedAt + size.windowSeconds * 1000 - now) / 1000),
    );
    return {
      allowed,
      bucket,
      limit: size.points,
      windowSeconds: size.windowSeconds,
      remaining: Math.max(0, size.points - window.used),
      resetSeconds,
      ...(allowed ? {} : { retryAfterSeconds: resetSeconds }),
    };
  }
}
