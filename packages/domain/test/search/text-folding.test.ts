import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { foldText, foldWithOffsets } from '../../src/search/text-folding.js';

describe('foldText', () => {
  it('removes diacritics and lower-cases', () => {
    expect(foldText('Crème Brûlée à Zürich')).toBe('creme brulee a zurich');
  });

  it('expands compatibility characters such as ligatures and full-width letters (NFKD)', () => {
    expect(foldText('ﬁle ＡＢＣ ①')).toBe('file abc 1');
  });

  it('folds the dotted capital I to a plain i', () => {
    expect(foldText('İstanbul')).toBe('istanbul');
  });

  it('folds the final sigma like any sigma, so a word folds the same alone and in a sentence', () => {
    expect(foldText('ΟΔΟΣ')).toBe(foldText('οδος'));
    expect(foldText('ΟΔΟΣ ΟΔΟΣ')).toBe(`${foldText('ΟΔΟΣ')} ${foldText('ΟΔΟΣ')}`);
  });

  it('leaves folded ASCII text unchanged', () => {
    expect(foldText('node.js, c++ & c#')).toBe('node.js, c++ & c#');
  });
});

describe('foldWithOffsets', () => {
  it('maps each folded character back to the original character it came from', () => {
    const folding = foldWithOffsets('aﬁÉb');
    expect(folding.folded).toBe('afieb');
    expect([0, 1, 2, 3, 4].map((i) => folding.originalStart(i))).toEqual([0, 1, 1, 2, 3]);
    expect([0, 1, 2, 3, 4].map((i) => folding.originalEnd(i))).toEqual([1, 2, 2, 3, 4]);
  });

  it('maps characters outside the Basic Multilingual Plane to both of their UTF-16 units', () => {
    const folding = foldWithOffsets('𝐀b');
    expect(folding.folded).toBe('ab');
    expect(folding.originalStart(1)).toBe(2);
    expect(folding.originalEnd(0)).toBe(2);
  });

  it('folds exactly like foldText, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(foldWithOffsets(text).folded).toBe(foldText(text));
      }),
      { numRuns: 500 },
    );
  });
});
