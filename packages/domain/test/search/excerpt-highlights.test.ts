import { describe, expect, it } from '@jest/globals';
import { excerptHighlights } from '../../src/search/excerpt-highlights.js';
import { parseSearchQuery } from '../../src/search/search-query.js';

/** The marked parts of `excerpt` for the query `q`, as the API would compute them. */
function marked(excerpt: string, q: string): string[] {
  const keywords = parseSearchQuery(q);
  if (!keywords.ok) throw new Error(keywords.error.message);
  return excerptHighlights(excerpt, keywords.value).map(([start, end]) =>
    excerpt.slice(start, end),
  );
}

describe('excerptHighlights', () => {
  it('marks the part of a word a keyword begins, and a whole word it equals', () => {
    expect(marked('Runs PostgreSQL migrations.', 'postg')).toEqual(['Postg']);
    expect(marked('Runs PostgreSQL migrations.', 'postgresql migrations')).toEqual([
      'PostgreSQL',
      'migrations',
    ]);
  });

  it('returns UTF-16 offsets into the excerpt itself', () => {
    expect(excerptHighlights('Runs PostgreSQL.', ['postg'])).toEqual([[5, 10]]);
    expect(excerptHighlights('😀 Redis', ['redis'])).toEqual([[3, 8]]);
  });

  it('maps folded accents back to the original characters', () => {
    expect(marked('Une crème brûlée façon CLI', 'creme brul facon')).toEqual([
      'crème',
      'brûl',
      'façon',
    ]);
    // Decomposed accents: the combining mark stays with its letter.
    expect(marked('Cafe\u0301 au lait', 'cafe')).toEqual(['Cafe\u0301']);
    expect(marked('ＡＢＣ tools and the ﬁle system', 'abc fil')).toEqual(['ＡＢＣ', 'ﬁl']);
  });

  it('marks non-Latin words', () => {
    expect(marked('Поддержка ΣΟΦΊΑ и 日本語', 'поддерж σοφια')).toEqual(['Поддерж', 'ΣΟΦΊΑ']);
  });

  it('marks the compound part a keyword matched, and compounds as themselves', () => {
    expect(marked('Made for node.js and ASP.NET', 'js')).toEqual(['js']);
    expect(marked('Made for node.js and ASP.NET', '.net')).toEqual(['.NET']);
    expect(marked('Made for node.js and ASP.NET', 'node.js')).toEqual(['node.js']);
    expect(marked('Great for C++ and C#', 'c++')).toEqual(['C++']);
  });

  it('never marks inside a word a keyword does not begin', () => {
    expect(marked('Good support for imports', 'port')).toEqual([]);
  });

  it('spans the apostrophes a word holds', () => {
    expect(marked("It doesn't crash", 'doesnt')).toEqual(["doesn't"]);
    expect(marked('It doesn’t crash', 'does')).toEqual(['does']);
  });

  it('merges overlapping marks into one and keeps them in order', () => {
    expect(excerptHighlights('PostgreSQL, Postgres', ['postgres', 'postg'])).toEqual([
      [0, 8],
      [12, 20],
    ]);
  });

  it('marks nothing without keywords', () => {
    expect(excerptHighlights('Anything', [])).toEqual([]);
  });
});
