import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from '@jest/globals';
import { CONTRACT_BUCKETS, describeRateLimiterContract } from '@reviews/application/testing';
import { RedisRateLimiter } from '../../src/rate-limiting/redis-rate-limiter.js';

/** Nothing listens on port 1: every connection attempt is refused at once. */
const CLOSED_PORT_URL = 'redis://127.0.0.1:1';

const opened: RedisRateLimiter[] = [];
let keys = 0;
const freshKey = (): string => `outage-${++keys}`;

async function openLimiter(url = CLOSED_PORT_URL): Promise<RedisRateLimiter> {
  const limiter = await RedisRateLimiter.connect({ url, buckets: CONTRACT_BUCKETS });
  opened.push(limiter);
  return limiter;
}

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

/** A server that accepts TCP connections and never says a word (a hung Redis). */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

afterAll(async () => {
  await Promise.all(opened.map((limiter) => limiter.close()));
});

// With Redis unreachable from the start, every call is answered by the in-process fallback,
// which must itself keep the whole contract.
describeRateLimiterContract('RedisRateLimiter with Redis unreachable', () => openLimiter());

describe('RedisRateLimiter with Redis unreachable', () => {
  it('answers every call within a second, still counting and refusing past the limit', async () => {
    const connecting = await timed(() => openLimiter());
    const limiter = connecting.value;
    const key = freshKey();
    const calls = [];
    for (let i = 0; i < 4; i++) calls.push(await timed(() => limiter.consume('small', key)));
    calls.push(await timed(() => limiter.consume('small', key)));
    expect(calls.map(({ value }) => [value.allowed, value.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(calls[3]!.value.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    for (const { ms } of [connecting, ...calls]) expect(ms).toBeLessThan(1_000);
  });

  it('reports not ready, and closes without waiting', async () => {
    const limiter = await openLimiter();
    const ping = await timed(() => limiter.ping());
    expect(ping.value).toBe(false);
    expect(ping.ms).toBeLessThan(1_000);
    const closing = await timed(() => limiter.close());
    expect(closing.ms).toBeLessThan(1_000);
  });

  it('answers within a second when the server accepts connections but never replies', async () => {
    const server = await silentServer();
    try {
      const connecting = await timed(() => openLimiter(server.url));
      const limiter = connecting.value;
      const key = freshKey();
      const first = await timed(() => limiter.consume('other', key));
      const second = await timed(() => limiter.consume('other', key));
      const refused = await timed(() => limiter.consume('other', key));
      const ping = await timed(() => limiter.ping());
      expect([first, second, refused].map(({ value }) => value.allowed)).toEqual([
        true,
        true,
        false,
      ]);
      expect(ping.value).toBe(false);
      for (const { ms } of [first, second, refused, ping]) expect(ms).toBeLessThan(1_000);
      expect(connecting.ms).toBeLessThan(1_500);
      await limiter.close();
    } finally {
      await server.close();
    }
  });
});
