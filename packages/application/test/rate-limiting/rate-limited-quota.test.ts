import { describe, expect, it } from '@jest/globals';
import type { RateLimitDecision, RateLimiter } from '../../src/rate-limiting/rate-limiter.port.js';
import { RateLimitedQuota } from '../../src/rate-limiting/rate-limited-quota.js';

/** Counts per bucket and key; refuses past `size`. */
class CountingLimiter implements RateLimiter {
  readonly consumed: string[] = [];
  private readonly counts = new Map<string, number>();
  constructor(private readonly size: Record<string, number>) {}
  consume(bucket: string, key: string): Promise<RateLimitDecision> {
    this.consumed.push(`${bucket}:${key}`);
    const used = (this.counts.get(`${bucket}:${key}`) ?? 0) + 1;
    this.counts.set(`${bucket}:${key}`, used);
    return Promise.resolve(this.decision(bucket, used));
  }
  private decision(bucket: string, used: number): RateLimitDecision {
    const limit = this.size[bucket] ?? 0;
    const allowed = used <= limit;
    return {
      allowed,
      bucket,
      limit,
      windowSeconds: 60,
      remaining: Math.max(0, limit - used),
      resetSeconds: 42,
      ...(allowed ? {} : { retryAfterSeconds: 42 }),
    };
  }
}

describe('RateLimitedQuota', () => {
  it('charges every bucket in order and reports each decision', async () => {
    const limiter = new CountingLimiter({ api: 5, search: 5 });
    const outcome = await new RateLimitedQuota(limiter).charge('1.2.3.4', ['api', 'search']);
    expect(outcome.allowed).toBe(true);
    expect(outcome.decisions.map((d) => [d.bucket, d.remaining])).toEqual([
      ['api', 4],
      ['search', 4],
    ]);
  });

  it('refuses at the first empty bucket with its retry delay, not charging later buckets', async () => {
    const limiter = new CountingLimiter({ api: 0, search: 5 });
    const outcome = await new RateLimitedQuota(limiter).charge('1.2.3.4', ['api', 'search']);
    expect(outcome).toMatchObject({ allowed: false, retryAfterSeconds: 42 });
    expect(limiter.consumed).toEqual(['api:1.2.3.4']);
  });
});
