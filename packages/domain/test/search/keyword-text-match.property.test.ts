import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  firstMatch,
  holdsKeywords,
  markMatchedKeywords,
  probeKeywords,
  tokenMatches,
} from '../../src/search/keyword-text-match.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import { findToken, tokenize } from '../../src/search/tokenizer.js';

/*
 * The excerpt's text matching reads ASCII text around the keywords' occurrences instead of
 * tokenizing it whole. These compare it with the plain statement of the rule, on texts full of
 * the tokenizer's traps: compounds, suffixes, leading dots, apostrophes, keywords inside words.
 */

const PIECES = [
  'port',
  'Support',
  'report',
  'PORTS',
  'import.export',
  'node.js',
  'Node',
  '.NET',
  'ASP.NET',
  'snake_case',
  'C++',
  'c++11',
  'C#',
  'f#x',
  "don't",
  'dont',
  'it’s',
  '3.11',
  'v2.0_beta',
  'café',
  'Zürich',
  'ﬁle',
  'a',
  'x.',
  '_y',
  '..z',
  'go-lang',
];
const SEPARATORS = [' ', '', ', ', '. ', '.', '_', '-', '+', '++', '#', "'", '\n', '(', ')'];

const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), { maxLength: 24 })
  .map((parts) => parts.map(([piece, separator]) => piece + separator).join(''));
/** Queries as parsed: tokens of pieces, whole or cut to a prefix. */
const keywords = fc
  .array(
    fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 8 })).map(([piece, cut]) => {
      const token = tokenize(piece)[0] ?? 'port';
      return token.slice(0, Math.max(1, token.length - cut + 1));
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((words) => {
    const parsed = parseSearchQuery(words.join(' '));
    return parsed.ok ? parsed.value : ['port'];
  });

const referenceMatched = (source: string, keys: readonly string[]): boolean[] =>
  keys.map((keyword) => tokenize(source).some((token) => tokenMatches(token, keyword)));

describe('keyword matching in excerpt texts', () => {
  it('marks exactly the keywords that a token of the text matches', () => {
    fc.assert(
      fc.property(text, keywords, (source, keys) => {
        const matched: boolean[] = [];
        const count = markMatchedKeywords(source, keys, matched);
        const expected = referenceMatched(source, keys);
        expect(keys.map((_, i) => matched[i] === true)).toEqual(expected);
        expect(count).toBe(expected.filter(Boolean).length);
      }),
      { numRuns: 4000 },
    );
  });

  it('finds the same first matching token, at the same place, as tokenizing the whole text', () => {
    fc.assert(
      fc.property(text, keywords, (source, keys) => {
        expect(firstMatch(source, keys)).toEqual(
          findToken(source, (token) => keys.some((keyword) => tokenMatches(token, keyword))),
        );
      }),
      { numRuns: 4000 },
    );
  });

  it('says whether a text holds enough keywords exactly when probing it finds that many', () => {
    fc.assert(
      fc.property(text, keywords, fc.integer({ min: 0, max: 5 }), (source, keys, need) => {
        const plain =
          Array.from(source).every((char) => char.charCodeAt(0) < 0x80) && !source.includes("'");
        const expected = probeKeywords(source, keys).candidates.length >= need;
        expect(holdsKeywords(source, keys, need, plain)).toBe(expected);
        // Text not known to be plain takes the folding path, with the same answer.
        expect(holdsKeywords(source, keys, need, false)).toBe(expected);
      }),
      { numRuns: 4000 },
    );
  });
});
