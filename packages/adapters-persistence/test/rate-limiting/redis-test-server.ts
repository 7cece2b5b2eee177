import { randomBytes } from 'node:crypto';
import { describe } from '@jest/globals';
import { Redis } from 'ioredis';

/** The Redis the tests use: `REDIS_TEST_URL`, or the usual local one. */
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** A key namespace no other test run uses, so parallel runs on one Redis never collide. */
export const uniqueNamespace = (): string =>
  `rl-test-${process.pid}-${randomBytes(4).toString('hex')}`;

/** A short-lived admin client for inspecting and cleaning up what the tests wrote. */
export function adminClient(): Redis {
  const client = new Redis(REDIS_TEST_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    disconnectTimeout: 100,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  return client;
}

/** Why Redis cannot be used, or `null` when it answers PING. */
async function unreachableReason(): Promise<string | null> {
  const client = adminClient();
  let lastError: Error | undefined;
  client.on('error', (error: Error) => (lastError = error));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    const cause = lastError ?? error;
    return cause instanceof Error ? cause.message || cause.name : String(cause);
  } finally {
    if (client.status !== 'end') client.disconnect();
  }
}

/** `describe`, or `describe.skip` when Redis is unreachable outside CI. */
export type SuiteDeclarer = (name: string, body: () => void) => void;

/**
 * Decides whether the Redis suites run. Redis reachable: `describe`. Unreachable in CI
 * (`CI=true`, which guarantees Redis): throws, so the test file fails. Unreachable elsewhere:
 * prints a banner and returns `describe.skip`, so the skip is loud, not silent.
 */
export async function describeWithRedis(): Promise<SuiteDeclarer> {
  const reason = await unreachableReason();
  if (reason === null) return describe;
  if (process.env.CI === 'true') {
    throw new Error(
      `Redis at ${REDIS_TEST_URL} is not reachable (${reason}), and CI must provide it. ` +
        'Start redis-server or set REDIS_TEST_URL.',
    );
  }
  const line = '='.repeat(78);
  console.warn(
    [
      line,
      `REDIS TESTS SKIPPED: Redis at ${REDIS_TEST_URL} is not reachable (${reason}).`,
      'The RedisRateLimiter suites against a real Redis did NOT run.',
      'Start redis-server locally or set REDIS_TEST_URL to run them (in CI this fails).',
      line,
    ].join('\n'),
  );
  return describe.skip;
}

/** Deletes every key under `namespace:`. */
export async function deleteNamespace(namespace: string): Promise<void> {
  const client = adminClient();
  await client.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}
