import type { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import { ObservedRateLimiter } from '../metrics/observed-rate-limiter.js';
import { ServiceMetrics } from '../metrics/service-metrics.js';
import { TOKENS } from './tokens.js';
import { bindConstant, bindResolved, optional } from './typed-binding.js';

/**
 * Metrics (unless `METRICS_ENABLED=false`): the registry, rate-limit refusals counted on the way
 * out of the limiter, and the mail backlog when something binds `TOKENS.MailBacklog`.
 */
export function bindMetrics(container: Container, config: ServerConfig): void {
  if (!config.metrics.enabled) {
    bindConstant(container, TOKENS.ObserveRateLimiter, (limiter) => limiter);
    return;
  }
  bindResolved(
    container,
    TOKENS.Metrics,
    {
      live: TOKENS.LivePublication,
      limiter: TOKENS.UnobservedRateLimiter,
      mailBacklog: optional(TOKENS.MailBacklog),
    },
    ({ live, limiter, mailBacklog }) =>
      new ServiceMetrics({
        live,
        ...(limiter.sharedStoreReady === undefined
          ? {}
          : { redisReady: () => limiter.sharedStoreReady?.() === true }),
        ...(mailBacklog === undefined ? {} : { mailBacklog }),
      }),
  );
  bindResolved(
    container,
    TOKENS.ObserveRateLimiter,
    { metrics: TOKENS.Metrics },
    ({ metrics }) =>
      (limiter) =>
        new ObservedRateLimiter(limiter, metrics),
  );
}
