import { describe, expect, it } from '@jest/globals';
import { Publication } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { SearchTools } from '../../src/tools/search-tools.use-case.js';
import { searchResultSchema } from '../../src/schemas/tool.schemas.js';
import { profile } from './profile.fixture.js';

function searchOver(...tools: ReturnType<ReturnType<typeof aTool>['build']>[]): SearchTools {
  const live = new LivePublication();
  live.replace(Publication.publish('p1', aCatalog(...tools)));
  return new SearchTools(live, profile);
}

describe('SearchTools', () => {
  it('fails with CATALOG_UNAVAILABLE before anything is published', () => {
    const result = new SearchTools(new LivePublication(), profile).execute({});
    expect(result).toMatchObject({ ok: false, error: { code: 'CATALOG_UNAVAILABLE' } });
  });

  it('returns a body that satisfies the public schema, with links built from the base URL', () => {
    const search = searchOver(
      aTool()
        .withId('pg')
        .named('PgScope')
        .withReviews(aReview().withId('r1').withLikes('Great with Postgres.'))
        .build(),
    );
    const result = search.execute({ q: 'postgres' });
    if (!result.ok) throw new Error(result.error.message);
    const body = searchResultSchema.parse(result.value);
    expect(body.items[0]).toMatchObject({
      id: 'pg',
      url: 'https://reviews.example/tools/pg',
      markdownUrl: 'https://reviews.example/tools/pg.md',
      excerptSource: 'likes',
      review: { id: 'r1', url: 'https://reviews.example/tools/pg/reviews/r1' },
    });
    expect(body.historicalNotice).toBe(profile.historicalNotice);
    expect(body.rights).toEqual(profile.rights);
  });

  it('passes query errors through with their stable codes', () => {
    const search = searchOver(aTool().build());
    const many = Array.from({ length: 13 }, (_, i) => `k${i}`).join(' ');
    expect(search.execute({ q: many })).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_KEYWORDS' },
    });
    expect(search.execute({ q: '?!' })).toMatchObject({
      ok: false,
      error: { code: 'NO_KEYWORDS' },
    });
  });

  it('refuses a cursor at the depth cap with CURSOR_TOO_DEEP', () => {
    const result = searchOver(aTool().build()).execute({ cursor: '1000' });
    expect(result).toMatchObject({ ok: false, error: { code: 'CURSOR_TOO_DEEP' } });
  });

  it('turns the next offset into a string cursor and ends with null', () => {
    const search = searchOver(...Array.from({ length: 5 }, () => aTool().build()));
    const first = search.execute({ limit: 2 });
    const last = search.execute({ limit: 2, cursor: '4' });
    expect(first.ok && first.value.nextCursor).toBe('2');
    expect(last.ok && last.value.nextCursor).toBeNull();
    expect(last.ok && last.value.items).toHaveLength(1);
  });

  describe('facets, suggestions and highlights', () => {
    const search = searchOver(
      aTool().withId('a').inCategory('Databases').describedAs('Crème for PostgreSQL.').build(),
      aTool().withId('b').inCategory('Editors').describedAs('Postgres editor.').build(),
      aTool().withId('c').inCategory('Editors').describedAs('Postgres linter.').build(),
    );
    const body = (input: Parameters<SearchTools['execute']>[0]) => {
      const result = search.execute(input);
      if (!result.ok) throw new Error(result.error.message);
      return searchResultSchema.parse(result.value);
    };

    it('counts categories over every match only when asked, whatever the category filter', () => {
      expect(body({ q: 'postgres', limit: 1 }).facets).toBeUndefined();
      const facets = [
        { name: 'Editors', count: 2 },
        { name: 'Databases', count: 1 },
      ];
      expect(body({ q: 'postgres', limit: 1, facets: ['category'] }).facets).toEqual({
        category: facets,
      });
      expect(body({ q: 'postgres', category: 'Databases', facets: ['category'] }).facets).toEqual({
        category: facets,
      });
    });

    it('suggests only when the search matches nothing, not on a page past the end', () => {
      expect(body({ q: 'postgrse' }).suggestions).toEqual([{ q: 'postgres', total: 3 }]);
      expect(body({ q: 'postgres', cursor: '10' }).suggestions).toBeUndefined();
      expect(body({ q: 'postgres' }).suggestions).toBeUndefined();
      expect(body({}).suggestions).toBeUndefined();
    });

    it('carries the closest tools only when no tool matches every keyword, at most limit', () => {
      const partial = body({ q: 'postgres linter downtime', limit: 2 });
      expect(partial.items).toEqual([]);
      expect(
        partial.closestTools?.map(({ id, matchedKeywords, missingKeywords }) => ({
          id,
          matchedKeywords,
          missingKeywords,
        })),
      ).toEqual([
        { id: 'c', matchedKeywords: ['postgres', 'linter'], missingKeywords: ['downtime'] },
        { id: 'a', matchedKeywords: ['postgres'], missingKeywords: ['linter', 'downtime'] },
      ]);
      expect(partial.closestTools?.[0]).toMatchObject({
        url: 'https://reviews.example/tools/c',
        excerpt: 'Postgres linter.',
        excerptSource: 'tool',
      });
      expect(partial.nextCursor).toBeNull();
      expect(
        body({ q: 'postgres linter downtime', category: 'Editors' }).closestTools,
      ).toHaveLength(2);
      expect(body({ q: 'postgres', cursor: '10' }).closestTools).toBeUndefined();
      expect(body({ q: 'postgres' }).closestTools).toBeUndefined();
      expect(body({}).closestTools).toBeUndefined();
      expect(body({ q: 'zzzz' }).closestTools).toEqual([]);
    });

    it('marks the matched word parts of each excerpt only with highlight', () => {
      expect(body({ q: 'creme postg' }).items[0]?.excerptHighlights).toBeUndefined();
      const [item] = body({ q: 'creme postg', highlight: true }).items;
      expect(item?.excerpt).toBe('Crème for PostgreSQL.');
      expect(item?.excerptHighlights).toEqual([
        [0, 5],
        [10, 15],
      ]);
    });
  });
});
