import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { scanAsciiRanges } from '../../src/search/ascii-token-scanner.js';

const ranges = (text: string) => {
  const found: { start: number; end: number; shape: number }[] = [];
  scanAsciiRanges(text, (start, end, shape) => {
    found.push({ start, end, shape });
  });
  return found;
};

const ascii = fc.string({ unit: fc.constantFrom(..."aAzZ09._+#' -!".split('')), maxLength: 40 });

describe('scanAsciiRanges', () => {
  it('finds the same ranges and shapes in a text as in its lower-case copy', () => {
    fc.assert(
      fc.property(ascii, (text) => {
        expect(ranges(text)).toEqual(ranges(text.toLowerCase()));
      }),
      { numRuns: 1000 },
    );
  });
});
