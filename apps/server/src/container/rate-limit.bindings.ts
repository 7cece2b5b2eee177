import { RateLimitedQuota } from '@reviews/application';
import {
  MemoryRateLimiter,
  RedisRateLimiter,
  type BucketSizes,
} from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import type { Logger } from '../logging/logger.js';
import { TOKENS } from './tokens.js';
import { bindResolved } from './typed-binding.js';

/** The buckets of docs/api.md#limits, sized from configuration. */
export function bucketSizes(config: ServerConfig): BucketSizes {
  const { api, search, signup, mail, pages } = config.rateLimits;
  return {
    api: { points: api, windowSeconds: 60 },
    search: { points: search, windowSeconds: 60 },
    signup: { points: signup, windowSeconds: 3_600 },
    mail: { points: mail, windowSeconds: 86_400 },
    pages: { points: pages, windowSeconds: 60 },
  };
}

/**
 * Rate limits: in Redis when REDIS_URL is set (shared by every instance; if Redis becomes
 * unreachable the counters go on in process), otherwise in process. One quota is shared by REST,
 * MCP and the signup routes.
 */
export function bindRateLimits(container: Container, config: ServerConfig, logger: Logger): void {
  const redisUrl = config.redisUrl;
  if (redisUrl === undefined) {
    bindResolved(
      container,
      TOKENS.UnobservedRateLimiter,
      {},
      () => new MemoryRateLimiter(bucketSizes(config)),
    );
  } else {
    bindResolved(container, TOKENS.UnobservedRateLimiter, {}, () =>
      RedisRateLimiter.connect({
        url: redisUrl,
        buckets: bucketSizes(config),
        onConnectionError: (error) =>
          logger.warn({ err: error.message }, 'Redis unreachable: rate limits go on in process'),
      }),
    ).onDeactivation((limiter) => limiter.close?.());
  }
  bindResolved(
    container,
    TOKENS.RateLimiter,
    { limiter: TOKENS.UnobservedRateLimiter, observe: TOKENS.ObserveRateLimiter },
    ({ limiter, observe }) => observe(limiter),
  );
  bindResolved(
    container,
    TOKENS.RequestQuota,
    { limiter: TOKENS.RateLimiter },
    ({ limiter }) => new RateLimitedQuota(limiter),
  );
}
