import type { RateLimitDecision, RateLimiter } from '@reviews/application';
import type { ServiceMetrics } from './service-metrics.js';

/**
 * A rate limiter that counts its refusals by bucket in the metrics, and otherwise is `inner`
 * (its `close` and `ping`, when it has them, included).
 */
export class ObservedRateLimiter implements RateLimiter {
  constructor(
    private readonly inner: RateLimiter & { close?(): Promise<void>; ping?(): Promise<boolean> },
    private readonly metrics: ServiceMetrics,
  ) {}

  async consume(bucket: string, key: string, units?: number): Promise<RateLimitDecision> {
    const decision = await this.inner.consume(bucket, key, units);
    if (!decision.allowed) this.metrics.observeRefusal(bucket);
    return decision;
  }

  close(): Promise<void> {
    return this.inner.close?.() ?? Promise.resolve();
  }

  ping(): Promise<boolean> {
    return this.inner.ping?.() ?? Promise.resolve(true);
  }
}
