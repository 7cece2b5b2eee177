import type { Redis } from 'ioredis';
import { RLWrapperTimeouts, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter } from '@reviews/application';
import type { BucketSize, BucketSizes } from './bucket-size.js';
import { consumeFrom } from './rate-limit-decision.js';
import {
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_CONNECT_TIMEOUT_MS,
  closeRedis,
  createRateLimitRedisClient,
  pingRedis,
  waitUntilReady,
} from './rate-limit-redis-client.js';

/**
 * Upper bound on one `consume` against Redis; past it the call is answered in process.
 * A little above the client's command timeout, so that the client normally gives up first.
 */
const LIMITER_TIMEOUT_MS = REDIS_COMMAND_TIMEOUT_MS + 250;

/** Options of `RedisRateLimiter`. */
interface RedisRateLimiterOptions {
  /** First part of every key: a bucket's counters live under `<namespace>:<bucket>:`. Default `rl`. */
  readonly namespace?: string;
}

/** What `RedisRateLimiter.connect` needs. */
interface RedisRateLimiterConnection extends RedisRateLimiterOptions {
  /** A `redis://` or `rediss://` address (`REDIS_URL`). */
  readonly url: string;
  readonly buckets: BucketSizes;
  /** Receives connection errors (for logging); the limiter itself carries on in process. */
  readonly onConnectionError?: (error: Error) => void;
}

interface BucketLimiter {
  readonly size: BucketSize;
  readonly limiter: RLWrapperTimeouts;
}

/**
 * A `RateLimiter` whose counters live in Redis (rate-limiter-flexible `RateLimiterRedis`, fixed
 * windows), so every instance of the service shares them (docs/operations.md#running-at-scale).
 * When Redis is unreachable or slow, each call is answered by an in-process `RateLimiterMemory` of
 * the same size instead: limits go on per instance and no call waits on Redis longer than
 * `LIMITER_TIMEOUT_MS`. Counting an unknown bucket is a wiring mistake and throws.
 *
 * The limiter owns its client: `close()` quits it.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, BucketLimiter>();

  /**
   * Builds a limiter over an existing ioredis client. For a limiter that stays fast through an
   * outage, the client needs `enableOfflineQueue: false` and a `commandTimeout`, as
   * `connect` sets them; the timeout bound above holds whatever the client's settings.
   */
  constructor(
    private readonly client: Redis,
    buckets: BucketSizes,
    options: RedisRateLimiterOptions = {},
  ) {
    const namespace = options.namespace ?? 'rl';
    for (const [bucket, size] of Object.entries(buckets)) {
      const limiter = new RLWrapperTimeouts({
        limiter: new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${namespace}:${bucket}`,
          points: size.points,
          duration: size.windowSeconds,
          rejectIfRedisNotReady: true,
        }),
        insuranceLimiter: new RateLimiterMemory({
          keyPrefix: `${namespace}:${bucket}`,
          points: size.points,
          duration: size.windowSeconds,
        }),
        timeoutMs: LIMITER_TIMEOUT_MS,
      });
      this.limiters.set(bucket, { size, limiter });
    }
  }

  /**
   * Connects to `url` with outage-safe client settings and waits (at most about a second) for the
   * connection. An unreachable Redis does not fail: the limiter starts counting in process, keeps
   * reconnecting, and `ping()` reports the outage.
   */
  static async connect(connection: RedisRateLimiterConnection): Promise<RedisRateLimiter> {
    const client = await createRateLimitRedisClient(connection.url, connection.onConnectionError);
    await waitUntilReady(client, REDIS_CONNECT_TIMEOUT_MS);
    return new RedisRateLimiter(client, connection.buckets, connection);
  }

  async consume(bucket: string, key: string, units = 1): Promise<RateLimitDecision> {
    return consumeFrom(bucket, this.bucket(bucket), key, units);
  }

  /** Readiness: `true` when Redis answers PING now. Never rejects; answers within a second. */
  ping(): Promise<boolean> {
    return pingRedis(this.client, REDIS_CONNECT_TIMEOUT_MS);
  }

  /**
   * Whether the client is connected now (counting happens in Redis); false while it reconnects and
   * every call is answered in process. For metrics: synchronous, no round trip.
   */
  redisReady(): boolean {
    return this.client.status === 'ready';
  }

  /** The port's name for `redisReady`: the shared store is Redis. */
  sharedStoreReady(): boolean {
    return this.redisReady();
  }

  /** Quits the Redis client (on shutdown). Safe to call twice. */
  close(): Promise<void> {
    return closeRedis(this.client);
  }

  private bucket(bucket: string): BucketLimiter {
    const entry = this.limiters.get(bucket);
    if (entry === undefined) throw new Error(`Rate-limit bucket "${bucket}" is not configured.`);
    return entry;
  }
}
