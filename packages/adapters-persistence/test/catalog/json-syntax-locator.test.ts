import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { locateJsonSyntaxError } from '../../src/catalog/json-syntax-locator.js';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('locateJsonSyntaxError', () => {
  it.each([
    ['{"a": }', 6],
    ['{"a":tru}', 8],
    ['[1,]', 3],
    ['{"a" 1}', 5],
    ['"\\x"', 2],
    ['01', 1],
    ['-', 1],
    ['1.e5', 2],
    ['[1', 2],
    ['', 0],
    ['{"a":1} x', 8],
    ['"a\nb"', 2],
  ])('points at the first offending character of %j', (text, index) => {
    expect(locateJsonSyntaxError(text)).toBe(index);
  });

  it('finds no error in valid JSON, however nested', () => {
    expect(locateJsonSyntaxError(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeUndefined();
    fc.assert(
      fc.property(fc.json(), (text) => expect(locateJsonSyntaxError(text)).toBeUndefined()),
    );
  });

  it('finds an error exactly when JSON.parse fails', () => {
    const mutated = fc
      .tuple(fc.json(), fc.nat(), fc.nat(), fc.string({ maxLength: 2 }))
      .map(([text, at, drop, insert]) => {
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + insert + text.slice(cut + (drop % 3));
      });
    fc.assert(
      fc.property(mutated, (text) => {
        expect(locateJsonSyntaxError(text) === undefined).toBe(parses(text));
      }),
      { numRuns: 2000 },
    );
  });
});
