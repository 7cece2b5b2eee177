import { describe, expect, it } from '@jest/globals';
import { ReadResponseCache, type CachedRead } from '../../src/index.js';

function anAnswer(bytes: number): CachedRead {
  return {
    status: 200,
    headers: {},
    etag: `"${bytes}"`,
    body: Buffer.alloc(bytes),
    buckets: ['api'],
    route: '/api/v1/tools',
  };
}

describe('ReadResponseCache', () => {
  it('evicts the least recently used answers once the bodies pass the byte bound', () => {
    const cache = new ReadResponseCache(300);
    cache.set('v1', 'a', anAnswer(100));
    cache.set('v1', 'b', anAnswer(100));
    cache.set('v1', 'c', anAnswer(100));
    expect(cache.get('v1', 'a')).toBeDefined(); // now b is the least recently used
    cache.set('v1', 'd', anAnswer(100));
    expect(cache.get('v1', 'b')).toBeUndefined();
    expect(cache.get('v1', 'a')).toBeDefined();
    expect(cache.size()).toEqual({ entries: 3, bytes: 300 });
  });

  it('keeps no answer larger than the whole bound', () => {
    const cache = new ReadResponseCache(300);
    cache.set('v1', 'a', anAnswer(301));
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('answers nothing for another content version, and drops everything at the next store', () => {
    const cache = new ReadResponseCache(1_000);
    cache.set('v1', 'a', anAnswer(100));
    expect(cache.get('v2', 'a')).toBeUndefined();
    cache.set('v2', 'b', anAnswer(50));
    expect(cache.get('v1', 'a')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 1, bytes: 50 });
  });

  it('counts a replaced answer once', () => {
    const cache = new ReadResponseCache(1_000);
    cache.set('v1', 'a', anAnswer(100));
    cache.set('v1', 'a', anAnswer(200));
    expect(cache.size()).toEqual({ entries: 1, bytes: 200 });
  });
});
