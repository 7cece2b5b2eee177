import {
  CountingRateLimiter,
  CONTRACT_BUCKETS,
  describeRateLimiterContract,
} from '@reviews/application/testing';

// The application's use-case tests trust this fake to behave like the real limiters, so it runs
// the same contract they do (here, beside them), on the system clock.
describeRateLimiterContract(
  'CountingRateLimiter',
  async () => new CountingRateLimiter({ now: () => new Date() }, CONTRACT_BUCKETS),
);
