import { describe, expect, it } from '@jest/globals';
import { GrowableArray } from '../../src/search/growable-array.js';

describe('GrowableArray', () => {
  it('keeps every value in order across its blocks, and sets what it holds', () => {
    const array = new GrowableArray((n) => new Uint32Array(n));
    const count = 3 * 65_536 + 17;
    for (let i = 0; i < count; i++) array.push((i * 2_654_435_761) >>> 0);

    expect(array.length).toBe(count);
    for (let i = 0; i < count; i++) {
      if (array.at(i) !== (i * 2_654_435_761) >>> 0) throw new Error(`wrong value at ${i}`);
    }
    array.set(65_536, 7);
    array.set(count - 1, 9);
    expect([array.at(65_535), array.at(65_536), array.at(count - 1)]).toEqual([
      (65_535 * 2_654_435_761) >>> 0,
      7,
      9,
    ]);
  });

  it('hands its values out in order as typed chunks cut to what they hold', () => {
    const array = new GrowableArray((n) => new Uint32Array(n));
    const count = 2 * 65_536 + 5;
    for (let i = 0; i < count; i++) array.push(i);
    const chunks = [...array.chunks()];
    expect(chunks.map((chunk) => chunk.length)).toEqual([65_536, 65_536, 5]);
    expect(chunks.flatMap((chunk) => Array.from(chunk))).toEqual(
      Array.from({ length: count }, (_, i) => i),
    );
    expect([...new GrowableArray((n) => new Uint8Array(n)).chunks()]).toEqual([]);
  });

  it('wraps values as its typed blocks do', () => {
    const bytes = new GrowableArray((n) => new Uint8Array(n));
    bytes.push(258);
    expect(bytes.at(0)).toBe(2);
  });

  it('lets go of every value when cleared, and takes new ones after', () => {
    const array = new GrowableArray((n) => new Uint8Array(n));
    for (let i = 0; i < 70_000; i++) array.push(i & 0xff);
    const before = [...array.chunks()];
    array.clear();
    expect(array.length).toBe(0);
    expect([...array.chunks()]).toEqual([]);
    array.push(3);
    expect([array.length, array.at(0)]).toEqual([1, 3]);
    // Chunks handed out before are the caller's: clearing did not touch them.
    expect(before.map((chunk) => chunk.length)).toEqual([65_536, 4_464]);
    expect(before[1]?.[0]).toBe(65_536 & 0xff);
  });
});
