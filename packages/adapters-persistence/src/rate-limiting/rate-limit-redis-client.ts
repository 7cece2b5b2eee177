import type { Redis } from 'ioredis';

/** How long one Redis command may take before the limiter counts in process instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long opening a connection may take before it counts as failed. */
export const REDIS_CONNECT_TIMEOUT_MS = 1_000;
/** How long a connection that owes replies may stay silent before it is dropped. */
const SILENT_SOCKET_TIMEOUT_MS = 1_000;
/** Longest pause between reconnection attempts while Redis is unreachable. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * An ioredis client tuned so that a Redis outage never holds a request up
 * (docs/operations.md#running-at-scale): commands fail at once while disconnected (no offline
 * queue), are not replayed after a reconnect (a replayed increment would count twice), and time out
 * after `REDIS_COMMAND_TIMEOUT_MS` when a connected server stops answering. A connection that owes
 * replies and stays silent for `SILENT_SOCKET_TIMEOUT_MS` is dropped, so that later calls skip
 * Redis at once instead of each waiting for the command timeout. It keeps reconnecting in the
 * background. Connection errors go to `onError` instead of ioredis' console output. ioredis is
 * loaded here, on first use, so that a service without Redis never loads it (docs/performance.md,
 * "Start-up: modules").
 */
export async function createRateLimitRedisClient(
  url: string,
  onError: (error: Error) => void = () => undefined,
): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    disconnectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    socketTimeout: SILENT_SOCKET_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  client.on('error', onError);
  return client;
}

/**
 * Resolves `true` once `client` is ready, or `false` as soon as its connection attempt fails or
 * `timeoutMs` has passed. Never rejects: an unreachable Redis is an outage, not a boot failure.
 */
export function waitUntilReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady).off('error', onFailure).off('end', onFailure);
      resolve(ready);
    };
    const onReady = () => settle(true);
    const onFailure = () => settle(false);
    const timer = setTimeout(onFailure, timeoutMs);
    client.once('ready', onReady).once('error', onFailure).once('end', onFailure);
  });
}

/** `true` when Redis answers PING within `timeoutMs`; never rejects, never waits longer. */
export async function pingRedis(client: Redis, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = client.ping().then(
    (reply) => reply === 'PONG',
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Closes `client` politely when connected (QUIT), at once otherwise, and resolves once the
 * connection is gone (at most `REDIS_CONNECT_TIMEOUT_MS` later). Safe to call twice.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // The connection broke while quitting: fall through and drop it.
    }
  }
  // Between two attempts no socket is open: cancelling the next attempt is all there is to do,
  // and ioredis emits no 'end' for it.
  const open = client.status !== 'reconnecting' && client.status !== 'close';
  let settle = (): void => undefined;
  const ended = new Promise<void>((resolve) => (settle = resolve));
  const timer = setTimeout(settle, open ? REDIS_CONNECT_TIMEOUT_MS : 0);
  client.once('end', settle);
  client.disconnect();
  try {
    await ended;
  } finally {
    clearTimeout(timer);
    client.off('end', settle);
  }
}
