import { describe, expect, it } from '@jest/globals';
import { LruCache } from '../../src/shared/lru-cache.js';

/** The keys a cache still holds, out of `keys`. */
const held = (cache: LruCache<string>, keys: readonly string[]): string[] =>
  keys.filter((key) => cache.get(key) !== undefined);

describe('LruCache', () => {
  it('evicts the least recently set entry when the entry count is exceeded', () => {
    const cache = new LruCache<string>(3, 100);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key.toUpperCase(), 1);
    expect(cache.size).toBe(3);
    expect(held(cache, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
  });

  it('counts a get as a use, so the entry read last survives and the one not read goes', () => {
    const cache = new LruCache<string>(3, 100);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 1);
    expect(cache.get('a')).toBe('a');
    cache.set('d', 'd', 1);
    // Order of use was b, c, a, d: b is the oldest.
    expect(cache.get('b')).toBeUndefined();
    cache.set('e', 'e', 1);
    // Now c, a, d, e: c goes.
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBe('a');
    expect(cache.get('d')).toBe('d');
    expect(cache.get('e')).toBe('e');
  });

  it('evicts the oldest entries until the total weight fits', () => {
    const cache = new LruCache<string>(10, 10);
    cache.set('a', 'a', 4);
    cache.set('b', 'b', 3);
    cache.set('c', 'c', 2);
    // 4 + 3 + 2 + 6 = 15 > 10: a (4) and b (3) go, leaving c + d = 8.
    cache.set('d', 'd', 6);
    expect(held(cache, ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
    expect(cache.size).toBe(2);
  });

  it('never keeps an entry heavier than the whole budget, and keeps the others', () => {
    const cache = new LruCache<string>(10, 10);
    cache.set('a', 'a', 5);
    cache.set('huge', 'huge', 11);
    expect(held(cache, ['a', 'huge'])).toEqual(['a']);
  });

  it('replaces an entry set again, counting only its new weight and making it the newest', () => {
    const cache = new LruCache<string>(10, 10);
    cache.set('a', 'a1', 4);
    cache.set('b', 'b', 4);
    cache.set('a', 'a2', 2);
    // Weight 4 + 2 = 6; adding 4 more fits exactly (10), so nothing is evicted.
    cache.set('c', 'c', 4);
    expect(held(cache, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(cache.get('a')).toBe('a2');
    // Order of use is now b, c, a (the gets above): one more unit evicts b only.
    cache.set('d', 'd', 1);
    expect(held(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
  });
});
