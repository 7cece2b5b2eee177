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
});
