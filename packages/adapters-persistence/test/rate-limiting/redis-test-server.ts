import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  describeWhenAvailable,
  type SuiteDeclarer,
} from '../../../../test/skipped-groups/describe-when-available.js';

/**
 * The Redis the tests use: `REDIS_TEST_URL`, set by the user or by the Jest globalSetup (a
 * Testcontainers container when a Docker engine answers, test/services/global-setup.mjs), or the
 * usual local one.
 */
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

/**
 * Decides whether the Redis suites run, for every Redis test of the workspace (one detection):
 * `describe` when Redis answers PING; otherwise the Redis group is skipped (or fails in CI) by the
 * one rule for optional groups, and the run's summary names it.
 */
export async function describeWithRedis(): Promise<SuiteDeclarer> {
  const reason = await unreachableReason();
  return describeWhenAvailable({
    group: 'Redis',
    using: REDIS_TEST_URL,
    missing: reason === null ? null : `Redis at ${REDIS_TEST_URL} does not answer (${reason})`,
    enable:
      'start redis-server (.ci/run does) or a Docker engine, or set REDIS_TEST_URL to a Redis that answers',
  });
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
