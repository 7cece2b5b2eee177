import { afterAll, expect, it } from '@jest/globals';
import type { BucketSizes } from '../../src/rate-limiting/memory-rate-limiter.js';
import { RedisRateLimiter } from '../../src/rate-limiting/redis-rate-limiter.js';
import { CONTRACT_BUCKETS, describeRateLimiterContract } from '@reviews/application/testing';
import {
  REDIS_TEST_URL,
  adminClient,
  deleteNamespace,
  describeWithRedis,
  uniqueNamespace,
} from './redis-test-server.js';
import { TcpProxy } from './tcp-proxy.js';

const describeRedis = await describeWithRedis();
const namespace = uniqueNamespace();
const opened: RedisRateLimiter[] = [];
let keys = 0;
const freshKey = (): string => `redis-${++keys}`;

/** A limiter on the test Redis (or `url`), closed after the run. */
async function openLimiter(
  url = REDIS_TEST_URL,
  buckets: BucketSizes = CONTRACT_BUCKETS,
): Promise<RedisRateLimiter> {
  const limiter = await RedisRateLimiter.connect({ url, buckets, namespace });
  opened.push(limiter);
  return limiter;
}

/** `url` with its host and port replaced by the proxy's, keeping credentials and database. */
function throughProxy(proxy: TcpProxy): string {
  const address = new URL(REDIS_TEST_URL);
  address.hostname = '127.0.0.1';
  address.port = String(proxy.port);
  return address.toString();
}

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}

describeRedis(`RedisRateLimiter on ${REDIS_TEST_URL}`, () => {
  afterAll(async () => {
    await Promise.all(opened.map((limiter) => limiter.close()));
    await deleteNamespace(namespace);
  });

  describeRateLimiterContract('RedisRateLimiter', () => openLimiter());

  it('shares counts between instances on the same Redis', async () => {
    const [first, second] = [await openLimiter(), await openLimiter()];
    const key = freshKey();
    await first.consume('small', key);
    await second.consume('small', key);
    expect(await first.consume('small', key)).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await second.consume('small', key);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, limit: 3 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await first.consume('small', key)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('keeps each counter under <namespace>:<bucket>:<key>, living one window', async () => {
    const limiter = await openLimiter();
    const key = freshKey();
    await limiter.consume('small', key);
    const admin = adminClient();
    await admin.connect();
    try {
      expect(await admin.get(`${namespace}:small:${key}`)).toBe('1');
      const ttl = await admin.pttl(`${namespace}:small:${key}`);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await admin.quit();
    }
  });

  it('throws on a bucket it was not configured with', async () => {
    const limiter = await openLimiter();
    await expect(limiter.consume('mail', 'a@example.com')).rejects.toThrow(
      /"mail" is not configured/,
    );
  });

  it('reports readiness with ping while connected, and not once closed', async () => {
    const limiter = await openLimiter();
    expect(await limiter.ping()).toBe(true);
    await limiter.close();
    expect(await limiter.ping()).toBe(false);
    await limiter.close();
  });

  it('counts in process when Redis goes away, and in Redis again once it is back', async () => {
    const redis = new URL(REDIS_TEST_URL);
    const proxy = await TcpProxy.open({ host: redis.hostname, port: Number(redis.port || 6379) });
    try {
      const limiter = await openLimiter(throughProxy(proxy));
      const shared = await openLimiter();
      const key = freshKey();
      expect(await limiter.consume('small', key)).toMatchObject({ remaining: 2 });

      await proxy.stop();
      const during = [];
      for (let i = 0; i < 4; i++) during.push(await timed(() => limiter.consume('small', key)));
      expect(during.map(({ value }) => value.allowed)).toEqual([true, true, true, false]);
      for (const { ms } of during) expect(ms).toBeLessThan(1_000);
      expect(await limiter.ping()).toBe(false);

      await proxy.start();
      expect(await eventually(() => limiter.ping(), 4_000)).toBe(true);
      expect(await limiter.consume('small', key)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await shared.consume('small', key)).toMatchObject({ allowed: true, remaining: 0 });
    } finally {
      await proxy.stop();
    }
  });

  it('answers in process within a second when a connected Redis stops answering', async () => {
    const redis = new URL(REDIS_TEST_URL);
    const proxy = await TcpProxy.open({ host: redis.hostname, port: Number(redis.port || 6379) });
    try {
      const limiter = await openLimiter(throughProxy(proxy));
      const key = freshKey();
      expect(await limiter.ping()).toBe(true);
      proxy.freeze();
      const frozenAt = performance.now();
      const first = await timed(() => limiter.consume('other', key));
      const second = await timed(() => limiter.consume('other', key));
      const refused = await timed(() => limiter.consume('other', key));
      expect([first, second, refused].map(({ value }) => value.allowed)).toEqual([
        true,
        true,
        false,
      ]);
      for (const { ms } of [first, second, refused]) expect(ms).toBeLessThan(1_000);

      // Once the silent connection has been dropped, calls no longer wait on Redis at all.
      await new Promise((done) =>
        setTimeout(done, Math.max(0, 1_200 - (performance.now() - frozenAt))),
      );
      const later = await timed(() => limiter.consume('other', key));
      expect(later.value).toMatchObject({ allowed: false, remaining: 0 });
      expect(later.ms).toBeLessThan(100);
      expect(await limiter.ping()).toBe(false);
    } finally {
      await proxy.stop();
    }
  });
});
