import { RateLimitedQuota, type RateLimiter, type RequestQuota } from '@reviews/application';
import { MemoryRateLimiter, type BucketSizes } from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '../config/server-config.js';
import { TOKENS } from './tokens.js';

/** The buckets of contract §6, sized from configuration. */
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

/** Rate limits, counted in process; one quota shared by REST, MCP and the signup routes. */
export function bindRateLimits(container: Container, config: ServerConfig): void {
  container
    .bind<RateLimiter>(TOKENS.RateLimiter)
    .toResolvedValue(() => new MemoryRateLimiter(bucketSizes(config)));
  container
    .bind<RequestQuota>(TOKENS.RequestQuota)
    .toResolvedValue((limiter: RateLimiter) => new RateLimitedQuota(limiter), [TOKENS.RateLimiter]);
}
