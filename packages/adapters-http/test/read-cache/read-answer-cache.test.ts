import { describe, expect, it } from '@jest/globals';
import {
  ENTRY_OVERHEAD_BYTES,
  ReadAnswerCache,
  type StoredReadAnswer,
} from '../../src/read-cache/read-answer-cache.js';

/** What an answer of `bytes` under a one-character key counts for. */
const cost = (bytes: number) => bytes + 1 + ENTRY_OVERHEAD_BYTES;

function anAnswer(bytes: number): StoredReadAnswer {
  return {
    status: 200,
    headers: {},
    headerList: [],
    etag: `"${bytes}"`,
    body: Buffer.alloc(bytes),
    buckets: ['api'],
    route: '/api/v1/tools',
  };
}

describe('ReadAnswerCache', () => {
  it('evicts the least recently used answers once they pass the byte bound', () => {
    const cache = new ReadAnswerCache(3 * cost(100));
    cache.set('v1', 'a', anAnswer(100));
    cache.set('v1', 'b', anAnswer(100));
    cache.set('v1', 'c', anAnswer(100));
    expect(cache.get('v1', 'a')).toBeDefined(); // now b is the least recently used
    cache.set('v1', 'd', anAnswer(100));
    expect(cache.get('v1', 'b')).toBeUndefined();
    expect(cache.get('v1', 'a')).toBeDefined();
    expect(cache.size()).toEqual({ entries: 3, bytes: 3 * cost(100) });
  });

  it('counts keys and a fixed overhead, so tiny answers are bounded too', () => {
    const cache = new ReadAnswerCache(10 * ENTRY_OVERHEAD_BYTES);
    for (let i = 0; i < 100; i++) cache.set('v1', `key-${i}`, anAnswer(0));
    expect(cache.size().entries).toBeLessThan(10);
  });

  it('keeps no answer larger than the whole bound', () => {
    const cache = new ReadAnswerCache(cost(300));
    cache.set('v1', 'a', anAnswer(301));
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('answers nothing for another content version, and drops everything at the next store', () => {
    const cache = new ReadAnswerCache(10_000);
    cache.set('v1', 'a', anAnswer(100));
    expect(cache.get('v2', 'a')).toBeUndefined();
    cache.set('v2', 'b', anAnswer(50));
    expect(cache.get('v1', 'a')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 1, bytes: cost(50) });
  });

  it('counts a replaced answer once', () => {
    const cache = new ReadAnswerCache(10_000);
    cache.set('v1', 'a', anAnswer(100));
    cache.set('v1', 'a', anAnswer(200));
    expect(cache.size()).toEqual({ entries: 1, bytes: cost(200) });
  });
});
