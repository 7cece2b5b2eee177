import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { findToken, indexTerms, tokenize } from '../../src/search/tokenizer.js';

describe('tokenize', () => {
  it('splits on anything that is not a letter or digit, folding each token', () => {
    expect(tokenize('Fast, SIMPLE  caché-friendly\tv2')).toEqual([
      'fast',
      'simple',
      'cache',
      'friendly',
      'v2',
    ]);
  });

  it('keeps C++, C# and F# as themselves', () => {
    expect(tokenize('C++ or C# and F#!')).toEqual(['c++', 'or', 'c#', 'and', 'f#']);
  });

  it('does not take ++ or # as a suffix when a letter or digit follows', () => {
    expect(tokenize('c++11 c#x')).toEqual(['c', '11', 'c', 'x']);
  });

  it('keeps a leading dot before a word at the start or after a non-word character', () => {
    expect(tokenize('.NET and (.net)')).toEqual(['.net', 'and', '.net']);
  });

  it('keeps words joined by dots or underscores as one token', () => {
    expect(tokenize('node.js ASP.NET snake_case Python 3.11')).toEqual([
      'node.js',
      'asp.net',
      'snake_case',
      'python',
      '3.11',
    ]);
  });

  it('drops a dot or underscore that has no word character on one side', () => {
    expect(tokenize('end. _private trailing_ a._b')).toEqual([
      'end',
      'private',
      'trailing',
      'a',
      'b',
    ]);
  });

  it('drops apostrophes inside words', () => {
    expect(tokenize("don't won’t 'quoted'")).toEqual(['dont', 'wont', 'quoted']);
  });

  it('treats hyphens, quotes, plus, star and OR as ordinary text', () => {
    expect(tokenize('"exact phrase" -exclude +include OR wild*')).toEqual([
      'exact',
      'phrase',
      'exclude',
      'include',
      'or',
      'wild',
    ]);
  });

  it('folds NFKD ligatures and full-width characters before tokenizing', () => {
    expect(tokenize('ﬁle Ｃ＋＋')).toEqual(['file', 'c++']);
  });

  it('reads pure ASCII text exactly as the general tokenizer reads it', () => {
    // A trailing non-ASCII word sends the text down the regular-expression path instead.
    const ascii = fc.string({ unit: fc.constantFrom(..."aZ09._+#' -!".split('')), maxLength: 30 });
    fc.assert(
      fc.property(ascii, (text) => {
        expect([...tokenize(text), 'e']).toEqual(tokenize(`${text} é`));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('indexTerms', () => {
  it('indexes compounds under their parts too', () => {
    expect(new Set(indexTerms('node.js'))).toEqual(new Set(['node.js', 'node', 'js', '.js']));
  });

  it('indexes ASP.NET under .net, so the query .NET finds it', () => {
    expect(indexTerms('ASP.NET')).toEqual(
      expect.arrayContaining(['asp.net', 'asp', 'net', '.net']),
    );
  });

  it('indexes .NET under net as well', () => {
    expect(new Set(indexTerms('.NET'))).toEqual(new Set(['.net', 'net']));
  });

  it('never reduces C++ or C# to C', () => {
    expect(indexTerms('C++ C#')).toEqual(['c++', 'c#']);
  });

  it('keeps a suffix on the last part of a compound', () => {
    expect(indexTerms('lib.c++')).toEqual(expect.arrayContaining(['lib', 'c++', '.c++']));
    expect(indexTerms('lib.c++')).not.toContain('c');
  });

  it('splits snake_case at underscores without dotted parts', () => {
    expect(new Set(indexTerms('snake_case'))).toEqual(new Set(['snake_case', 'snake', 'case']));
  });
});

describe('findToken', () => {
  it('locates the first accepted token in the original text, before folding', () => {
    const text = 'ﬁﬁ Crème brûlée';
    const found = findToken(text, (token) => token === 'brulee');
    expect(found).toEqual({ token: 'brulee', start: 9, end: 15 });
    expect(text.slice(found?.start, found?.end)).toBe('brûlée');
  });

  it('covers combining marks inside the token in the original range', () => {
    const text = 'x Cre\u0300me';
    const found = findToken(text, (token) => token === 'creme');
    expect(text.slice(found?.start, found?.end)).toBe('Cre\u0300me');
  });

  it('returns undefined when no token is accepted', () => {
    expect(findToken('nothing here', () => false)).toBeUndefined();
  });
});
