import { describe, expect, it } from '@jest/globals';
import { aReview, aTool } from '@reviews/domain/testing';
import { idsFound, search } from './search-helpers.js';

// Every tool gets the same review unless a test is about recency, so only the key under test differs.
const reviewed = () => aReview().reviewedOn('2026-01-01', '2026-01-01T08:00:00Z');

describe('SearchIndex order with keywords', () => {
  it('ranks a name match before a metadata match before a review match (tier)', () => {
    const tools = [
      aTool().withId('review').named('A').withReviews(reviewed().withLikes('quokka')),
      aTool().withId('metadata').named('B').describedAs('quokka').withReviews(reviewed()),
      aTool().withId('name').named('Z quokka').withReviews(reviewed()),
    ];
    expect(idsFound(tools, 'quokka')).toEqual(['name', 'metadata', 'review']);
  });

  it('takes a tool’s tier from its worst keyword', () => {
    const tools = [
      aTool()
        .withId('name-and-review')
        .named('A quokka')
        .withReviews(reviewed().withLikes('wombat')),
      aTool()
        .withId('both-metadata')
        .named('B')
        .describedAs('quokka wombat')
        .withReviews(reviewed()),
    ];
    expect(idsFound(tools, 'quokka wombat')).toEqual(['both-metadata', 'name-and-review']);
  });

  it('ranks whole-word matches before prefix matches in the same tier', () => {
    const tools = [
      aTool()
        .withId('prefix')
        .named('A PostgreSQL')
        .withReviews(aReview().reviewedOn('2026-06-01')),
      aTool().withId('whole').named('B Postgres').withReviews(reviewed()),
    ];
    expect(idsFound(tools, 'postgres')).toEqual(['whole', 'prefix']);
  });

  it('counts a whole match only in the keyword’s best field', () => {
    const tools = [
      // Best field is the name (a prefix match); the whole word only appears in the description.
      aTool()
        .withId('prefix-in-name')
        .named('A PostgreSQL')
        .describedAs('postgres')
        .withReviews(aReview().reviewedOn('2026-06-01')),
      aTool().withId('whole-in-name').named('B Postgres').withReviews(reviewed()),
    ];
    expect(idsFound(tools, 'postgres')).toEqual(['whole-in-name', 'prefix-in-name']);
  });

  it('needs every keyword whole to rank as whole', () => {
    const tools = [
      aTool()
        .withId('one-prefix')
        .named('A quokka wombats')
        .withReviews(aReview().reviewedOn('2026-06-01')),
      aTool().withId('all-whole').named('B quokka wombat').withReviews(reviewed()),
    ];
    expect(idsFound(tools, 'quokka wombat')).toEqual(['all-whole', 'one-prefix']);
  });

  it('then ranks the most recently reviewed tool first', () => {
    const tools = [
      aTool().withId('older').named('A quokka').withReviews(aReview().reviewedOn('2025-01-01')),
      aTool()
        .withId('newer')
        .named('B quokka')
        .withReviews(aReview().reviewedOn('2025-01-01'), aReview().reviewedOn('2026-03-01')),
    ];
    expect(idsFound(tools, 'quokka')).toEqual(['newer', 'older']);
  });

  it('breaks a reviewedOn tie by updatedAt', () => {
    const tools = [
      aTool()
        .withId('updated-earlier')
        .named('A quokka')
        .withReviews(aReview().reviewedOn('2026-01-01', '2026-01-02T00:00:00Z')),
      aTool()
        .withId('updated-later')
        .named('B quokka')
        .withReviews(aReview().reviewedOn('2026-01-01', '2026-02-01T00:00:00Z')),
    ];
    expect(idsFound(tools, 'quokka')).toEqual(['updated-later', 'updated-earlier']);
  });

  it('puts tools without reviews after reviewed ones', () => {
    const tools = [
      aTool().withId('unreviewed').named('A quokka'),
      aTool().withId('reviewed').named('B quokka').withReviews(aReview().reviewedOn('2001-01-01')),
    ];
    expect(idsFound(tools, 'quokka')).toEqual(['reviewed', 'unreviewed']);
  });

  it('then orders by name, case-insensitively and ignoring diacritics', () => {
    const tools = [
      aTool().withId('id-2').named('Bravo quokka').withReviews(reviewed()),
      aTool().withId('id-1').named('Émile quokka').withReviews(reviewed()),
      aTool().withId('id-3').named('alpha quokka').withReviews(reviewed()),
    ];
    // By raw code point it would be Bravo, alpha, Émile; by id Émile, Bravo, alpha.
    expect(idsFound(tools, 'quokka')).toEqual(['id-3', 'id-2', 'id-1']);
  });

  it('breaks a folded-name tie by the raw name’s code points', () => {
    const tools = [
      aTool().withId('a-lower').named('quokka'),
      aTool().withId('b-upper').named('Quokka'),
    ];
    expect(idsFound(tools, 'quokka')).toEqual(['b-upper', 'a-lower']);
  });

  it('compares names by code point, not UTF-16 unit', () => {
    // U+FFFD sorts before U+1F600 by code point, after it by UTF-16 unit (0xD83D 0xDE00).
    const tools = [
      aTool().withId('a').named('quokka 😀'),
      aTool().withId('b').named('quokka \uFFFD'),
    ];
    expect(idsFound(tools, 'quokka')).toEqual(['b', 'a']);
  });

  it('finally orders by id', () => {
    const tools = [
      aTool().withId('b-tool').named('Quokka'),
      aTool().withId('a-tool').named('Quokka'),
    ];
    expect(idsFound(tools, 'quokka')).toEqual(['a-tool', 'b-tool']);
  });

  it('does not depend on the order the tools were given in', () => {
    const tools = ['c', 'a', 'd', 'b'].map((id) => aTool().withId(id).named('Quokka').build());
    expect(idsFound(tools, 'quokka')).toEqual(idsFound([...tools].reverse(), 'quokka'));
  });
});

describe('SearchIndex browse order (no keywords)', () => {
  it('lists the most recently reviewed first and unreviewed tools last', () => {
    const tools = [
      aTool().withId('none').named('A'),
      aTool().withId('old').named('B').withReviews(aReview().reviewedOn('2024-01-01')),
      aTool()
        .withId('new')
        .named('C')
        .withReviews(aReview().reviewedOn('2024-01-01'), aReview().reviewedOn('2026-01-01')),
    ];
    expect(idsFound(tools, '')).toEqual(['new', 'old', 'none']);
  });

  it('ignores updatedAt and orders a reviewedOn tie by name', () => {
    const tools = [
      aTool()
        .withId('later-update')
        .named('Bravo')
        .withReviews(aReview().reviewedOn('2026-01-01', '2026-05-01T00:00:00Z')),
      aTool()
        .withId('earlier-update')
        .named('alpha')
        .withReviews(aReview().reviewedOn('2026-01-01', '2026-01-02T00:00:00Z')),
    ];
    expect(idsFound(tools, '')).toEqual(['earlier-update', 'later-update']);
  });

  it('orders a name tie by id', () => {
    const tools = [aTool().withId('z').named('Same'), aTool().withId('y').named('Same')];
    expect(idsFound(tools, '   ')).toEqual(['y', 'z']);
  });

  it('has no excerpts', () => {
    const [hit] = search([aTool().withReviews(aReview())], '').hits(0, 1);
    expect(hit).toBeDefined();
    expect(hit).not.toHaveProperty('excerpt');
  });
});
