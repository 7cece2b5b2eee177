import { describe, expect, it } from '@jest/globals';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan, verifyJsonBody } from '../src/index.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('jsonNestsDeeperThan', () => {
  it('takes exactly 64 levels and refuses 65, for arrays, objects and both mixed', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    for (const nested of [arrays, objects, (d: number) => `{"a":${arrays(d - 1)}}`]) {
      expect(jsonNestsDeeperThan(utf8(nested(64)))).toBe(false);
      expect(jsonNestsDeeperThan(utf8(nested(65)))).toBe(true);
    }
  });

  it('counts the deepest point, not the number of brackets', () => {
    const wide = `[${Array.from({ length: 1000 }, () => arrays(64 - 1)).join(',')}]`;
    expect(jsonNestsDeeperThan(utf8(wide))).toBe(false);
    expect(jsonNestsDeeperThan(utf8(`[${arrays(10)},${arrays(64)}]`))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    const deepText = JSON.stringify({ q: `${'[{'.repeat(500)}"\\${'"]'.repeat(500)}` });
    expect(jsonNestsDeeperThan(utf8(deepText))).toBe(false);
    // `\"` does not end the string, `\\` does not escape the quote after it.
    expect(jsonNestsDeeperThan(utf8(`["\\"[[[[", "\\\\", ${arrays(63)}]`))).toBe(false);
    expect(jsonNestsDeeperThan(utf8(`["\\"[[[[", "\\\\", ${arrays(64)}]`))).toBe(true);
    expect(jsonNestsDeeperThan(utf8(`{"k\\"${'['.repeat(100)}": ${arrays(64)}}`))).toBe(true);
  });

  it('reads multi-byte UTF-8 without mistaking its bytes for brackets', () => {
    const text = JSON.stringify({ q: 'Ś[ü]€𝄞'.repeat(100), deep: JSON.parse(arrays(63)) });
    expect(jsonNestsDeeperThan(utf8(text))).toBe(false);
    expect(jsonNestsDeeperThan(utf8(`["𝄞",${arrays(64)}]`))).toBe(true);
  });

  it('scans 30,000 levels without recursing', () => {
    expect(jsonNestsDeeperThan(utf8(arrays(30_000)), 30_000)).toBe(false);
    expect(jsonNestsDeeperThan(utf8(arrays(30_001)), 30_000)).toBe(true);
  });
});

describe('verifyJsonBody', () => {
  it('refuses a body nested too deep with 400 entity.too.deep, as body-parser reports its own', () => {
    expect(() => verifyJsonBody(undefined, undefined, utf8(arrays(64)), 'utf-8')).not.toThrow();
    expect(() => verifyJsonBody(undefined, undefined, utf8(arrays(65)), 'utf-8')).toThrow(
      expect.objectContaining({
        status: 400,
        type: 'entity.too.deep',
        message: 'The body nests arrays and objects more than 64 levels deep.',
      }),
    );
  });

  it('refuses a charset other than UTF-8 (415), whose bytes it could not read', () => {
    expect(() => verifyJsonBody(undefined, undefined, utf8('[]'), 'utf-16le')).toThrow(
      expect.objectContaining({ status: 415, type: 'charset.unsupported' }),
    );
  });
});
