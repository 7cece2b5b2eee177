import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PLAIN, scanAsciiRanges } from '../../src/search/ascii-token-scanner.js';
import { TermTable } from '../../src/search/term-table.js';

const ranges = (text: string) => {
  const found: { start: number; end: number; shape: number; hash: number }[] = [];
  scanAsciiRanges(text, (start, end, shape, hash) => {
    found.push({ start, end, shape, hash });
  });
  return found;
};

const ascii = fc.string({ unit: fc.constantFrom(..."aAzZ09._+#' -!".split('')), maxLength: 40 });

describe('scanAsciiRanges', () => {
  it('finds the same ranges and shapes in a text as in its lower-case copy', () => {
    fc.assert(
      fc.property(ascii, (text) => {
        const strip = ({ start, end, shape }: { start: number; end: number; shape: number }) => ({
          start,
          end,
          shape,
        });
        expect(ranges(text).map(strip)).toEqual(ranges(text.toLowerCase()).map(strip));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives each plain token the term-table hash of its lower-case spelling', () => {
    fc.assert(
      fc.property(ascii, (text) => {
        const table = new TermTable();
        for (const { start, end, shape, hash } of ranges(text)) {
          if (shape !== PLAIN) continue;
          const id = table.idOf(text.slice(start, end).toLowerCase());
          const size = table.size;
          expect(table.idOfFoldedRange(text, start, end, hash)).toBe(id);
          expect(table.size).toBe(size);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
