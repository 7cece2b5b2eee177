import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PLAIN, scanAsciiBytes, scanAsciiRanges } from '../../src/search/ascii-token-scanner.js';
import { TermTable } from '../../src/search/term-table.js';

const ranges = (text: string) => {
  const found: { start: number; end: number; shape: number }[] = [];
  scanAsciiRanges(text, (start, end, shape) => {
    found.push({ start, end, shape });
  });
  return found;
};

/**
 * What `scanAsciiBytes` finds in `text`, encoded into a buffer between other bytes, with offsets
 * made relative to the text.
 */
const byteRanges = (text: string, before = '', after = '') => {
  const bytes = new TextEncoder().encode(before + text + after);
  const found: { start: number; end: number; shape: number; hash: number }[] = [];
  const from = before.length;
  scanAsciiBytes(bytes, from, from + text.length, (start, end, shape, hash) => {
    found.push({ start: start - from, end: end - from, shape, hash });
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

describe('scanAsciiBytes', () => {
  it("finds scanAsciiRanges' ranges and shapes in the text's bytes, whatever is around them", () => {
    fc.assert(
      fc.property(ascii, ascii, ascii, (before, text, after) => {
        const strip = ({ start, end, shape }: { start: number; end: number; shape: number }) => ({
          start,
          end,
          shape,
        });
        expect(byteRanges(text, before, after).map(strip)).toEqual(ranges(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives each plain token the term-table hash of its lower-case spelling', () => {
    fc.assert(
      fc.property(ascii, (text) => {
        const table = new TermTable();
        const bytes = new TextEncoder().encode(text);
        for (const { start, end, shape, hash } of byteRanges(text)) {
          if (shape !== PLAIN) continue;
          const id = table.idOf(text.slice(start, end).toLowerCase());
          const size = table.size;
          expect(table.idOfAsciiBytes(bytes, start, end, hash)).toBe(id);
          expect(table.size).toBe(size);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
