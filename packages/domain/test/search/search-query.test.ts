import { describe, expect, it } from '@jest/globals';
import { MAX_KEYWORDS, MAX_QUERY_LENGTH, parseSearchQuery } from '../../src/search/search-query.js';

const words = (count: number): string =>
  Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('parseSearchQuery', () => {
  it.each([undefined, '', '   ', '\t\n '])('browses (no keywords) when q is %j', (q) => {
    expect(parseSearchQuery(q)).toEqual({ ok: true, value: [] });
  });

  it('returns the folded keywords in first-seen order', () => {
    expect(parseSearchQuery('PostgreSQL Crème node.js')).toEqual({
      ok: true,
      value: ['postgresql', 'creme', 'node.js'],
    });
  });

  it('counts a repeated keyword once', () => {
    expect(parseSearchQuery('Rust rust RÜST fast rust')).toEqual({
      ok: true,
      value: ['rust', 'fast'],
    });
  });

  it('takes operators as ordinary text', () => {
    expect(parseSearchQuery('"rust" -go +C++ OR *')).toEqual({
      ok: true,
      value: ['rust', 'go', 'c++', 'or'],
    });
  });

  it(`accepts ${MAX_KEYWORDS} distinct keywords`, () => {
    expect(parseSearchQuery(words(MAX_KEYWORDS))).toMatchObject({ ok: true });
  });

  it(`refuses ${MAX_KEYWORDS + 1} distinct keywords with TOO_MANY_KEYWORDS`, () => {
    const result = parseSearchQuery(words(MAX_KEYWORDS + 1));
    expect(result).toMatchObject({ ok: false, error: { code: 'TOO_MANY_KEYWORDS' } });
    if (!result.ok)
      expect(result.error.message).toMatch(/^q may contain at most 12 distinct keywords/);
  });

  it('accepts more than 12 words when only 12 are distinct', () => {
    expect(parseSearchQuery(`${words(MAX_KEYWORDS)} word0 word1`)).toMatchObject({ ok: true });
  });

  it(`accepts q of exactly ${MAX_QUERY_LENGTH} characters`, () => {
    expect(parseSearchQuery('a'.repeat(MAX_QUERY_LENGTH))).toMatchObject({ ok: true });
  });

  it(`refuses q over ${MAX_QUERY_LENGTH} characters with QUERY_TOO_LONG`, () => {
    const result = parseSearchQuery('a'.repeat(MAX_QUERY_LENGTH + 1));
    expect(result).toMatchObject({ ok: false, error: { code: 'QUERY_TOO_LONG' } });
    if (!result.ok) expect(result.error.message).toContain('q must be at most 200 characters');
  });

  it('counts characters as code points, not UTF-16 units', () => {
    // U+1D400 takes two UTF-16 units each: 400 units, 200 code points.
    expect(parseSearchQuery('𝐀'.repeat(MAX_QUERY_LENGTH))).toMatchObject({ ok: true });
    expect(parseSearchQuery('𝐀'.repeat(MAX_QUERY_LENGTH + 1))).toMatchObject({
      ok: false,
      error: { code: 'QUERY_TOO_LONG' },
    });
  });

  it('refuses over-long white space too, since length is checked first', () => {
    expect(parseSearchQuery(' '.repeat(MAX_QUERY_LENGTH + 1))).toMatchObject({
      ok: false,
      error: { code: 'QUERY_TOO_LONG' },
    });
  });

  it.each(['!!!', '- + * "', '…'])(
    'refuses %j, which has characters but no keyword, with NO_KEYWORDS',
    (q) => {
      const result = parseSearchQuery(q);
      expect(result).toMatchObject({ ok: false, error: { code: 'NO_KEYWORDS' } });
      if (!result.ok) expect(result.error.message).toMatch(/^q contains no keyword/);
    },
  );
});
