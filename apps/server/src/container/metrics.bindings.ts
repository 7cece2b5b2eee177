import type { LivePublication, MailBacklog, RateLimiter } from '@reviews/application';
import { RedisRateLimiter } from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '../config/server-config.js';
import { ObservedRateLimiter } from '../metrics/observed-rate-limiter.js';
import { ServiceMetrics } from '../metrics/service-metrics.js';
import { TOKENS } from './tokens.js';

/**
 * Metrics (unless `METRICS_ENABLED=false`): the registry, rate-limit refusals counted on the way
 * out of the limiter, and the mail backlog when something binds `TOKENS.MailBacklog`.
 */
export function bindMetrics(container: Container, config: ServerConfig): void {
  if (!config.metrics.enabled) return;
  let redis: RedisRateLimiter | undefined;
  container.bind(TOKENS.Metrics).toDynamicValue((context) => {
    const mailBacklog = context.get<MailBacklog>(TOKENS.MailBacklog, { optional: true });
    return new ServiceMetrics({
      live: context.get<LivePublication>(TOKENS.LivePublication),
      ...(config.redisUrl === undefined ? {} : { redisReady: () => redis?.redisReady() ?? false }),
      ...(mailBacklog === undefined ? {} : { mailBacklog }),
    });
  });
  container.onActivation<RateLimiter>(TOKENS.RateLimiter, (context, limiter) => {
    if (limiter instanceof RedisRateLimiter) redis = limiter;
    return new ObservedRateLimiter(limiter, context.get<ServiceMetrics>(TOKENS.Metrics));
  });
}

/**
 * How the service's rate limiter is wrapped (refusals counted, when metrics are on): for a
 * limiter of the service's own kind outside the container, e.g. the HTTP warm-up's own quota.
 */
export function observedAsTheService(
  container: Container,
  config: ServerConfig,
): (limiter: RateLimiter) => RateLimiter {
  if (!config.metrics.enabled) return (limiter) => limiter;
  return (limiter) =>
    new ObservedRateLimiter(limiter, container.get<ServiceMetrics>(TOKENS.Metrics));
}
