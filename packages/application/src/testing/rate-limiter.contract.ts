import { describe, expect, it } from '@jest/globals';
import type { RateLimiter } from '../index.js';

/** Buckets every limiter under test must be built with. */
export const CONTRACT_BUCKETS = {
  small: { points: 3, windowSeconds: 60 },
  other: { points: 2, windowSeconds: 60 },
  short: { points: 1, windowSeconds: 1 },
} as const;

let keys = 0;
/** A key no other test has used, so a shared backend (Redis) needs no flushing. */
const freshKey = (): string => `contract-${process.pid}-${Date.now()}-${++keys}`;

/**
 * The `RateLimiter` contract (docs/api.md#limits), run against every implementation: the in-process
 * limiter now, the Redis one later. `factory` builds a limiter with `CONTRACT_BUCKETS`.
 */
export function describeRateLimiterContract(
  name: string,
  factory: () => Promise<RateLimiter>,
): void {
  describe(`${name} (RateLimiter contract)`, () => {
    it('allows the bucket size per window, counting down, then refuses with a Retry-After', async () => {
      const limiter = await factory();
      const key = freshKey();
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.consume('small', key));
      expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      const refused = decisions[3]!;
      expect(refused).toMatchObject({ bucket: 'small', limit: 3, windowSeconds: 60 });
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(decisions[0]!.retryAfterSeconds).toBeUndefined();
      expect(decisions[0]!.resetSeconds).toBeGreaterThanOrEqual(1);
    });

    it('takes the units a request costs, allowing it while a unit is left (docs/api.md#what-a-search-costs)', async () => {
      const limiter = await factory();
      const key = freshKey();
      expect(await limiter.consume('small', key, 2)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await limiter.consume('small', key, 5)).toMatchObject({ allowed: true, remaining: 0 });
      const refused = await limiter.consume('small', key);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    });

    it('counts keys and buckets separately', async () => {
      const limiter = await factory();
      const key = freshKey();
      for (let i = 0; i < 3; i++) await limiter.consume('small', key);
      expect((await limiter.consume('small', freshKey())).allowed).toBe(true);
      expect((await limiter.consume('other', key)).allowed).toBe(true);
    });

    it('keeps refusing with a Retry-After of at least one second, never zero', async () => {
      const limiter = await factory();
      const key = freshKey();
      expect((await limiter.consume('short', key)).allowed).toBe(true);
      for (let i = 0; i < 5; i++) {
        const refused = await limiter.consume('short', key);
        expect(refused.allowed).toBe(false);
        expect(Number.isInteger(refused.retryAfterSeconds)).toBe(true);
        expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
      }
    });

    it('frees the bucket when its window has passed', async () => {
      const limiter = await factory();
      const key = freshKey();
      expect((await limiter.consume('short', key)).allowed).toBe(true);
      expect((await limiter.consume('short', key)).allowed).toBe(false);
      await new Promise((done) => setTimeout(done, 1_100));
      expect((await limiter.consume('short', key)).allowed).toBe(true);
    });

    it('stays consistent under concurrent consumption: exactly the bucket size is allowed', async () => {
      const limiter = await factory();
      const key = freshKey();
      const decisions = await Promise.all(
        Array.from({ length: 10 }, () => limiter.consume('small', key)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    });
  });
}
