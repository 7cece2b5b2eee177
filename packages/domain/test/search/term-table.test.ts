import { describe, expect, it } from '@jest/globals';
import { addToTermHash, EMPTY_TERM_HASH, TermTable } from '../../src/search/term-table.js';

/** The term-table hash of `term` (FNV-1a over its units), as the index builder computes it. */
const hashOf = (term: string): number => {
  let hash = EMPTY_TERM_HASH;
  for (let i = 0; i < term.length; i++) hash = addToTermHash(hash, term.charCodeAt(i));
  return hash;
};

describe('TermTable', () => {
  it('gives each distinct term the next id, and the same id when seen again', () => {
    const table = new TermTable();
    expect([table.idOf('rust'), table.idOf('go'), table.idOf('rust')]).toEqual([0, 1, 0]);
    expect(table.all()).toEqual(['rust', 'go']);
  });

  it('looks a term up from a range of a longer text', () => {
    const table = new TermTable();
    const id = table.idOf('lint');
    expect(table.idOfRange('fast lint tool', 5, 9)).toBe(id);
    expect(table.idOfRange('fast linter', 5, 11)).not.toBe(id);
    expect(table.size).toBe(2);
  });

  it('looks the lower-case spelling of ASCII bytes up, with the hash of that spelling', () => {
    const table = new TermTable();
    const text = 'PostgreSQL postgresql POSTGRES';
    const bytes = new TextEncoder().encode(text);
    const ids = [
      [0, 10],
      [11, 21],
      [22, 30],
    ].map(([start, end]) =>
      table.idOfAsciiBytes(bytes, start!, end!, hashOf(text.slice(start, end).toLowerCase())),
    );
    expect(ids).toEqual([0, 0, 1]);
    expect(table.idOf('postgresql')).toBe(0);
    expect(table.idOfRange(text, 22, 30)).toBe(2);
    expect(table.all()).toEqual(['postgresql', 'postgres', 'POSTGRES']);
  });

  it('tells apart two terms of the same length and the same hash', () => {
    // Found by search: FNV-1a gives these two the same 32 bits, so only comparing the units
    // can tell them apart.
    const words = ['y0daaaaaq4', 'a20caaaaq0'];
    expect(hashOf(words[0] as string)).toBe(hashOf(words[1] as string));
    const table = new TermTable();
    const ids = words.map((word) => table.idOf(word));
    expect(ids).toEqual([0, 1]);
    const text = 'Y0DAAAAAQ4 a20caaaaq0';
    const bytes = new TextEncoder().encode(text);
    const hash = hashOf(words[0] as string);
    expect(table.idOfAsciiBytes(bytes, 0, 10, hash)).toBe(0);
    expect(table.idOfAsciiBytes(bytes, 11, 21, hash)).toBe(1);
    expect(table.idOfRange(text, 11, 21)).toBe(1);
    expect(table.size).toBe(2);
  });

  it('keeps every id through growth to many terms', () => {
    const table = new TermTable();
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
    const ids = words.map((word) => table.idOf(word));
    expect(ids).toEqual(words.map((_, i) => i));
    expect(words.map((word) => table.idOfRange(` ${word} `, 1, word.length + 1))).toEqual(ids);
    expect(table.size).toBe(20_000);
  });
});
