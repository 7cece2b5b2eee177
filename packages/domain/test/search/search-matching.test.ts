import { describe, expect, it } from '@jest/globals';
import { aReview, aStackTag, aTool } from '@reviews/domain/testing';
import { idsFound, search } from './search-helpers.js';

describe('SearchIndex matching', () => {
  it('finds a tool by a prefix of a word: postgres finds PostgreSQL', () => {
    expect(idsFound([aTool().withId('pg').named('PostgreSQL')], 'postgres')).toEqual(['pg']);
  });

  it('does not match a keyword in the middle of a word', () => {
    expect(idsFound([aTool().withId('pg').named('PostgreSQL')], 'gres')).toEqual([]);
  });

  it('requires every keyword to match (AND)', () => {
    const tools = [
      aTool().withId('both').named('Rust linter'),
      aTool().withId('rust-only').named('Rust formatter'),
      aTool().withId('linter-only').named('Go linter'),
    ];
    expect(idsFound(tools, 'rust linter')).toEqual(['both']);
  });

  it('matches keywords across different fields of the same tool', () => {
    const tool = aTool()
      .withId('mixed')
      .named('Alpha')
      .describedAs('Fast search')
      .withReviews(aReview().withDislikes('Verbose configuration'));
    expect(idsFound([tool], 'alpha search verbose')).toEqual(['mixed']);
  });

  it.each([
    ['name', aTool().named('Quokka')],
    ['description', aTool().describedAs('A quokka of a tool')],
    ['category', aTool().inCategory('Quokka tooling')],
    ['stack tag label', aTool().withStackTags(aStackTag('Quokka'))],
    ['review likes', aTool().withReviews(aReview().withLikes('Quokka support'))],
    ['review dislikes', aTool().withReviews(aReview().withDislikes('No quokka'))],
    [
      'an older review',
      aTool().withReviews(aReview(), aReview().reviewedOn('2020-01-01').withLikes('quokka')),
    ],
  ])('searches the %s', (_, builder) => {
    const tool = builder.withId('found').build();
    expect(idsFound([tool, aTool().withId('other')], 'quokka')).toEqual(['found']);
  });

  it('does not search the website, review ids or author names', () => {
    const tool = aTool()
      .withId('t')
      .withReviews(aReview().withId('quokkareview').withAuthor({ name: 'Quokka Writer' }))
      .build();
    expect(idsFound([{ ...tool, website: 'https://quokka.example.com' }], 'quokka')).toEqual([]);
  });

  it('matches regardless of case and diacritics on either side', () => {
    const tools = [aTool().withId('z').describedAs('Made in Zürich')];
    expect(idsFound(tools, 'ZURICH')).toEqual(['z']);
    expect(idsFound(tools, 'zürich')).toEqual(['z']);
  });

  it('finds node.js by node, js and node.js, but not by a different compound', () => {
    const tools = [aTool().withId('n').describedAs('Runs on Node.js')];
    expect(idsFound(tools, 'node')).toEqual(['n']);
    expect(idsFound(tools, 'js')).toEqual(['n']);
    expect(idsFound(tools, 'node.js')).toEqual(['n']);
    expect(idsFound(tools, 'node.ts')).toEqual([]);
  });

  it('finds ASP.NET by .NET', () => {
    expect(idsFound([aTool().withId('asp').describedAs('An ASP.NET helper')], '.NET')).toEqual([
      'asp',
    ]);
  });

  it('keeps C++ apart from C', () => {
    const tools = [
      aTool().withId('cpp').describedAs('A C++ linter'),
      aTool().withId('c').describedAs('A C linter'),
    ];
    expect(idsFound(tools, 'c++')).toEqual(['cpp']);
    expect(idsFound(tools, 'C#')).toEqual([]);
  });

  it('finds nothing for a keyword no term begins with', () => {
    expect(search([aTool()], 'zzzz').total).toBe(0);
  });
});

describe('SearchIndex category filter', () => {
  const tools = [
    aTool().withId('db').named('Alpha').inCategory('Databases'),
    aTool().withId('db-lower').named('Alpha two').inCategory('databases'),
    aTool().withId('none').named('Alpha three').inCategory(null),
  ];

  it('keeps only tools of exactly that category, case-sensitively', () => {
    expect(idsFound(tools, 'alpha', 'Databases')).toEqual(['db']);
    expect(idsFound(tools, '', 'databases')).toEqual(['db-lower']);
  });

  it('gives an empty list for a category that no tool has', () => {
    expect(search(tools, 'alpha', 'DATABASES').total).toBe(0);
    expect(search(tools, '', 'Nope').total).toBe(0);
    expect(search(tools, '', 'Nope').hits(0, 10)).toEqual([]);
  });

  it('leaves out tools without a category when filtering', () => {
    expect(idsFound(tools, 'three', 'Databases')).toEqual([]);
  });
});
