import { describe, expect, it } from '@jest/globals';
import { median, summarise } from '../src/percentiles.js';

describe('median', () => {
  it('is the middle value of an odd number of values, in any order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('is the mean of the two middle values of an even number of values', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, 20])).toBe(15);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });
});

describe('summarise', () => {
  it('takes percentiles by rank, nearest below', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarise(samples)).toEqual({
      count: 100,
      p50: 51,
      p90: 91,
      p99: 100,
      max: 100,
      mean: 50.5,
    });
  });
});
