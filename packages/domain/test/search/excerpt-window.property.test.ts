import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { cutExcerpt, MAX_EXCERPT_LENGTH } from '../../src/search/excerpt-window.js';

// The excerpt cutter as it was before its surrogate-free fast path, kept verbatim as the
// reference: the fast path must cut every text exactly as this does.
const SPACE = /\s/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const isSpace = (char: string | undefined): boolean => char !== undefined && SPACE.test(char);
const isWordChar = (char: string | undefined): boolean =>
  char !== undefined && WORD_CHAR.test(char);
function codePointIndex(text: string, offset: number): number {
  let index = 0;
  for (let i = 0; i < offset; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    index++;
  }
  return index;
}
function wordStart(chars: readonly string[], start: number, anchor: number): number {
  let p = start;
  while (p < anchor && !isSpace(chars[p - 1])) p++;
  while (p < anchor && isSpace(chars[p])) p++;
  return p;
}
function wordEnd(chars: readonly string[], limit: number, floor: number): number {
  for (let p = limit; p > floor; p--) {
    if (isSpace(chars[p]) || isSpace(chars[p - 1])) {
      let end = p;
      while (end > floor && isSpace(chars[end - 1])) end--;
      if (end > floor) return end;
    }
  }
  for (let p = limit; p > floor; p--) {
    if (isWordChar(chars[p - 1]) !== isWordChar(chars[p])) return p;
  }
  return limit;
}
function referenceCut(text: string, matchStart: number | undefined): string {
  if (text.length <= MAX_EXCERPT_LENGTH) return text;
  const chars = Array.from(text);
  if (chars.length <= MAX_EXCERPT_LENGTH) return text;
  const anchor = matchStart === undefined ? 0 : codePointIndex(text, matchStart);
  let start = Math.min(Math.max(0, anchor - 60), chars.length - (MAX_EXCERPT_LENGTH - 1));
  if (start > 0) start = wordStart(chars, start, anchor);
  const room = MAX_EXCERPT_LENGTH - (start > 0 ? 1 : 0);
  const end =
    chars.length - start <= room
      ? chars.length
      : wordEnd(chars, start + room - 1, Math.min(anchor, start + room - 2));
  return (
    (start > 0 ? '…' : '') + chars.slice(start, end).join('') + (end < chars.length ? '…' : '')
  );
}

// Words with the traps: apostrophes, accents, ligatures, full-width forms, Greek, CJK, emoji
// (surrogate pairs), and separators of every kind.
const PIECES = [
  'postgres',
  "don't",
  'it’s',
  'café',
  'Zürich',
  'ﬁle',
  'ＡＢＣ',
  'ｆｕｌｌ',
  'Σίσυφος',
  '東京',
  '😀',
  '𝒳y',
  'a',
  'supercalifragilisticexpialidocious-and-then-some',
  'x'.repeat(90),
  'node.js',
  'C++',
  '3.11',
];
const SEPARATORS = [' ', '  ', '\n', '\t', '\u00a0', '\u3000', ', ', '. ', '—', ''];
const SURROGATE_FREE = PIECES.filter((piece) => !/[\ud800-\udfff]/.test(piece));
/** Long texts, half of them without surrogate pairs (the fast path), half with some allowed. */
const longText = fc
  .boolean()
  .chain((withSurrogates) =>
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...(withSurrogates ? PIECES : SURROGATE_FREE)),
          fc.constantFrom(...SEPARATORS),
        ),
        { minLength: 30, maxLength: 160 },
      )
      .map((parts) => parts.map(([piece, separator]) => piece + separator).join('')),
  );

describe('cutExcerpt', () => {
  it('cuts every text exactly as the array-of-code-points cutter did', () => {
    fc.assert(
      fc.property(
        longText,
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        (text, at) => {
          const matchStart = at === undefined ? undefined : Math.floor(at * text.length);
          expect(cutExcerpt(text, matchStart)).toBe(referenceCut(text, matchStart));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
