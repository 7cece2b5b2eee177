import { describe, expect, it } from '@jest/globals';
import { CONTRACT_BUCKETS, describeRateLimiterContract } from '@reviews/application/testing';
import { MemoryRateLimiter } from '../../src/rate-limiting/memory-rate-limiter.js';

describeRateLimiterContract(
  'MemoryRateLimiter',
  async () => new MemoryRateLimiter(CONTRACT_BUCKETS),
);

describe('MemoryRateLimiter', () => {
  it('throws on a bucket it was not configured with', async () => {
    const limiter = new MemoryRateLimiter({ signup: { points: 5, windowSeconds: 3600 } });
    await expect(limiter.consume('mail', 'a@example.com')).rejects.toThrow(
      /"mail" is not configured/,
    );
  });
});
