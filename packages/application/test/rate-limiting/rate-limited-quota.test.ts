import { describe, expect, it } from '@jest/globals';
import type { RateLimitDecision, RateLimiter } from '../../src/rate-limiting/rate-limiter.port.js';
import { RateLimitedQuota } from '../../src/rate-limiting/rate-limited-quota.js';

/** Counts per bucket and key; refuses past `size`. */
class CountingLimiter implements RateLimiter {
  readonly consumed: string[] = [];
  private readonly counts = new Map<string, number>();
  constructor(private readonly size: Record<string, number>) {}
  consume(bucket: string, key: string, units = 1): Promise<RateLimitDecision> {
    this.consumed.push(units === 1 ? `${bucket}:${key}` : `${bucket}:${key}×${units}`);
    const used = (this.counts.get(`${bucket}:${key}`) ?? 0) + units;
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
  it('takes the rest of a costly request once it is admitted, and may empty the bucket', async () => {
    const limiter = new CountingLimiter({ api: 5, search: 5 });
    const quota = new RateLimitedQuota(limiter);
    const outcome = await quota.charge('1.2.3.4', ['api', 'search'], { search: () => 9 });
    expect(outcome.allowed).toBe(true);
    expect(outcome.decisions.map((d) => [d.bucket, d.remaining, d.allowed])).toEqual([
      ['api', 4, true],
      ['search', 0, true],
    ]);
    expect(outcome.decisions[1]?.retryAfterSeconds).toBeUndefined();
    expect(limiter.consumed).toEqual(['api:1.2.3.4', 'search:1.2.3.4', 'search:1.2.3.4×8']);
    expect((await quota.charge('1.2.3.4', ['api', 'search'])).allowed).toBe(false);
  });

  it('never asks a refused request what it would cost', async () => {
    const quota = new RateLimitedQuota(new CountingLimiter({ api: 5, search: 0 }));
    let planned = 0;
    const outcome = await quota.charge('1.2.3.4', ['api', 'search'], {
      search: () => ++planned,
    });
    expect(outcome.allowed).toBe(false);
    expect(planned).toBe(0);
  });

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
