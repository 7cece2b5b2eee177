import { describe, expect, it } from '@jest/globals';
import { scanAsciiRanges } from '../../src/search/ascii-token-scanner.js';
import { TermTable } from '../../src/search/term-table.js';

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

  it('looks the lower-case spelling of an ASCII range up, with the hash the scanner gives', () => {
    const table = new TermTable();
    const hashes: number[] = [];
    scanAsciiRanges('PostgreSQL postgresql POSTGRES', (_start, _end, _shape, hash) => {
      hashes.push(hash);
    });
    const id = table.idOfFoldedRange('PostgreSQL', 0, 10, hashes[0] as number);
    expect(table.idOfFoldedRange('postgresql', 0, 10, hashes[1] as number)).toBe(id);
    expect(table.idOf('postgresql')).toBe(id);
    expect(table.idOfFoldedRange('POSTGRES', 0, 8, hashes[2] as number)).not.toBe(id);
    expect(table.all()).toEqual(['postgresql', 'postgres']);
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
