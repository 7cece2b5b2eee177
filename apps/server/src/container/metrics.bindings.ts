import type { LivePublication, MailBacklog, RateLimiter } from '@reviews/application';
import { RedisRateLimiter } from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import { ObservedRateLimiter } from '../metrics/observed-rate-limiter.js';
import { ServiceMetrics } from '../metrics/service-metrics.js';
import { TOKENS } from './tokens.js';

/**
 * How the service wraps a rate limiter: refusals counted in the metrics when they are on. Every
 * limiter of the service's kind gets it: the service's own (`TOKENS.RateLimiter`) and the HTTP
 * warm-up's private one.
 */
export type ObserveRateLimiter = (limiter: RateLimiter) => RateLimiter;

/**
 * Metrics (unless `METRICS_ENABLED=false`): the registry, rate-limit refusals counted on the way
 * out of the limiter, and the mail backlog when something binds `TOKENS.MailBacklog`.
 */
export function bindMetrics(container: Container, config: ServerConfig): void {
  if (!config.metrics.enabled) {
    container
      .bind<ObserveRateLimiter>(TOKENS.ObserveRateLimiter)
      .toConstantValue((limiter) => limiter);
    return;
  }
  container.bind(TOKENS.Metrics).toResolvedValue(
    (live: LivePublication, limiter: RateLimiter, mailBacklog: MailBacklog | undefined) =>
      new ServiceMetrics({
        live,
        ...(limiter instanceof RedisRateLimiter ? { redisReady: () => limiter.redisReady() } : {}),
        ...(mailBacklog === undefined ? {} : { mailBacklog }),
      }),
    [
      TOKENS.LivePublication,
      TOKENS.UnobservedRateLimiter,
      { serviceIdentifier: TOKENS.MailBacklog, optional: true },
    ],
  );
  container
    .bind<ObserveRateLimiter>(TOKENS.ObserveRateLimiter)
    .toResolvedValue(
      (metrics: ServiceMetrics) => (limiter) => new ObservedRateLimiter(limiter, metrics),
      [TOKENS.Metrics],
    );
}
