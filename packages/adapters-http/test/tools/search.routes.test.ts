import { searchResultSchema, errorBodySchema } from '@reviews/application';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aReview, aTool } from '@reviews/domain/testing';
import { startReadApi, testProfile, type RunningReadApi } from '../support/read-api-harness.js';

const tools = [
  aTool()
    .withId('pgbeam')
    .named('PgBeam')
    .describedAs('A query console for PostgreSQL.')
    .inCategory('Databases')
    .withReviews(aReview().reviewedOn('2026-03-01').withLikes('Fast autocomplete.')),
  aTool()
    .withId('quillsort')
    .named('Quillsort')
    .describedAs('Sorts imports.')
    .inCategory('Editors')
    .withReviews(aReview().reviewedOn('2026-05-01').withDislikes('Breaks PostgreSQL migrations.')),
  ...Array.from({ length: 23 }, (_, i) =>
    aTool()
      .withId(`filler-${String(i).padStart(2, '0')}`)
      .named(`Filler ${i}`)
      .inCategory('Testing'),
  ),
].map((t) => t.build());

let api: RunningReadApi;
beforeAll(async () => {
  api = await startReadApi(tools);
});
afterAll(() => api.close());

const get = (query: string) => fetch(`${api.url}/api/v1/tools${query}`);

async function expectBadRequest(query: string, mentions: RegExp): Promise<void> {
  const res = await get(query);
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = errorBodySchema.parse(await res.json());
  expect(body.error).toMatch(mentions);
}

describe('GET /api/v1/tools', () => {
  it('returns a schema-valid search result with the configured notice and rights', async () => {
    const res = await get('?q=postgres');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = searchResultSchema.parse(await res.json());
    expect(body.items.map((i) => i.id)).toEqual(['pgbeam', 'quillsort']);
    expect(body.historicalNotice).toBe(testProfile.historicalNotice);
    expect(body.rights).toEqual(testProfile.rights);
    expect(body.items[0]).toMatchObject({
      url: 'https://reviews.example/tools/pgbeam',
      markdownUrl: 'https://reviews.example/tools/pgbeam.md',
      excerptSource: 'tool',
    });
    expect(body.items[1]).toMatchObject({
      excerptSource: 'dislikes',
      review: {
        url: expect.stringMatching(/^https:\/\/reviews\.example\/tools\/quillsort\/reviews\//),
      },
    });
  });

  it('browses every tool, ten per page by default, until nextCursor is null', async () => {
    const seen: string[] = [];
    let cursor: string | null = '0';
    let pages = 0;
    while (cursor !== null) {
      const body = searchResultSchema.parse(await (await get(`?cursor=${cursor}`)).json());
      expect(body.items.length).toBeLessThanOrEqual(10);
      seen.push(...body.items.map((i) => i.id));
      cursor = body.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(tools.length);
    expect(seen.slice(0, 2)).toEqual(['quillsort', 'pgbeam']);
  });

  it('accepts limit with leading zeros', async () => {
    const body = searchResultSchema.parse(await (await get('?limit=007')).json());
    expect(body.items).toHaveLength(7);
    expect(body.nextCursor).toBe('7');
  });

  it('gives 200 with no items for a cursor past the end', async () => {
    const body = searchResultSchema.parse(await (await get('?cursor=500')).json());
    expect(body).toMatchObject({ items: [], nextCursor: null });
  });

  it('gives 200 with no items for a category that names none, and filters case-sensitively', async () => {
    const none = searchResultSchema.parse(await (await get('?category=databases')).json());
    expect(none.items).toEqual([]);
    const some = searchResultSchema.parse(await (await get('?category=Databases')).json());
    expect(some.items.map((i) => i.id)).toEqual(['pgbeam']);
  });

  it('treats an empty or blank q as browse', async () => {
    const body = searchResultSchema.parse(await (await get('?q=%20%20')).json());
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).not.toHaveProperty('excerpt');
  });

  it('ignores unknown parameters', async () => {
    expect((await get('?colour=blue&q=pgbeam')).status).toBe(200);
  });

  it.each([
    ['?q=' + 'a'.repeat(201), /q must be at most 200/],
    ['?q=' + Array.from({ length: 13 }, (_, i) => `word${i}`).join('+'), /12/],
    ['?q=!!!', /keyword/i],
    ['?limit=0', /limit/],
    ['?limit=21', /limit/],
    ['?limit=ten', /limit/],
    ['?limit=', /limit/],
    ['?limit=1.5', /limit/],
    ['?cursor=', /cursor/],
    ['?cursor=-1', /cursor/],
    ['?cursor=12345', /cursor/],
    ['?cursor=1000', /reviews\/index\.json/],
    ['?q=a&q=b', /q only once/],
    ['?limit=1&limit=2', /limit only once/],
    ['?category=', /category/],
    ['?category=' + 'C'.repeat(201), /category must be at most 200/],
  ])('answers 400 for %s', async (query, mentions) => {
    await expectBadRequest(query, mentions);
  });

  it('accepts 12 distinct keywords, counting repeats once', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `w${i}`).join('+');
    expect((await get(`?q=${twelve}+w0+w1`)).status).toBe(200);
  });
});

describe('GET /api/v1/tools before any publication', () => {
  it('answers 503 with Retry-After', async () => {
    const empty = await startReadApi(undefined);
    try {
      const res = await fetch(`${empty.url}/api/v1/tools`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      errorBodySchema.parse(await res.json());
      expect((await fetch(`${empty.url}/readyz`)).status).toBe(503);
    } finally {
      await empty.close();
    }
  });
});
