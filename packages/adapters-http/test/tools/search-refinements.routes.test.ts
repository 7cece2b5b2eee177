import { errorBodySchema, searchResultSchema } from '@reviews/application';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aReview, aTool } from '@reviews/domain/testing';
import { startReadApi, type RunningReadApi } from '../support/read-api-harness.js';

const tools = [
  aTool()
    .withId('pgbeam')
    .named('PgBeam')
    .describedAs('A query console for PostgreSQL.')
    .inCategory('Databases'),
  aTool()
    .withId('crème')
    .named('Crème')
    .describedAs('Une crème pour PostgreSQL, façon console.')
    .inCategory('Editors'),
  aTool()
    .withId('quillsort')
    .named('Quillsort')
    .describedAs('Sorts imports.')
    .inCategory('Editors')
    .withReviews(aReview().reviewedOn('2026-05-01').withDislikes('Breaks PostgreSQL migrations.')),
  ...Array.from({ length: 12 }, (_, i) =>
    aTool()
      .withId(`filler-${String(i).padStart(2, '0')}`)
      .describedAs('A postgres filler.')
      .inCategory(i < 9 ? 'Testing' : 'Databases'),
  ),
].map((t) => t.build());

let api: RunningReadApi;
beforeAll(async () => {
  api = await startReadApi(tools);
});
afterAll(() => api.close());

const get = (query: string) => fetch(`${api.url}/api/v1/tools${query}`);
async function search(query: string) {
  const res = await get(query);
  expect(res.status).toBe(200);
  const json = (await res.json()) as Record<string, unknown>;
  return { json, body: searchResultSchema.parse(json), etag: res.headers.get('etag') };
}

async function expectBadRequest(query: string, message: string): Promise<void> {
  const res = await get(query);
  expect(res.status).toBe(400);
  expect(errorBodySchema.parse(await res.json()).error).toBe(message);
}

describe('GET /api/v1/tools?facets=category', () => {
  it('counts every match in each category, not only the page, most frequent first', async () => {
    const { body } = await search('?q=postgres&facets=category&limit=2');
    expect(body.items).toHaveLength(2);
    expect(body.facets).toEqual({
      category: [
        { name: 'Testing', count: 9 },
        { name: 'Databases', count: 4 },
        { name: 'Editors', count: 2 },
      ],
    });
  });

  it('ignores its own category filter, so a filtered page still shows the others', async () => {
    const filtered = await search('?q=postgres&category=Editors&facets=category');
    const all = await search('?q=postgres&facets=category');
    expect(filtered.body.items.map((item) => item.category)).toEqual(['Editors', 'Editors']);
    expect(filtered.body.facets).toEqual(all.body.facets);
  });

  it('counts every tool when browsing', async () => {
    const { body } = await search('?facets=category');
    expect(body.facets?.category).toEqual([
      { name: 'Testing', count: 9 },
      { name: 'Databases', count: 4 },
      { name: 'Editors', count: 2 },
    ]);
  });

  it('adds nothing without the parameter, and leaves items and paging as they were', async () => {
    const plain = await search('?q=postgres&limit=3');
    const faceted = await search('?q=postgres&limit=3&facets=category');
    expect('facets' in plain.json).toBe(false);
    const { facets, ...rest } = faceted.json;
    expect(facets).toBeDefined();
    expect(rest).toEqual(plain.json);
    expect(faceted.etag).not.toBe(plain.etag);
  });

  it('refuses an unknown facet, an empty one and a repeated parameter', async () => {
    await expectBadRequest('?facets=tags', 'facets may name only category.');
    await expectBadRequest('?facets=', 'facets may name only category.');
    await expectBadRequest('?facets=category&facets=category', 'give facets only once.');
  });
});

describe('GET /api/v1/tools?highlight=true', () => {
  it('gives the UTF-16 offsets of the matched word parts in each excerpt', async () => {
    const { body } = await search('?q=postg+cr&highlight=true');
    expect(body.items.map((item) => item.id)).toEqual(['crème']);
    const [item] = body.items;
    const marked = (item?.excerptHighlights ?? []).map(([start, end]) =>
      item?.excerpt?.slice(start, end),
    );
    expect(marked).toEqual(['cr', 'Postg']);
  });

  it('maps folded accents back to the excerpt as written', async () => {
    const { body } = await search('?q=creme+facon&highlight=true');
    const [item] = body.items;
    expect(item?.excerpt).toBe('Une crème pour PostgreSQL, façon console.');
    expect(item?.excerptHighlights).toEqual([
      [4, 9],
      [27, 32],
    ]);
  });

  it('adds nothing with highlight=false or without it, and nothing when browsing', async () => {
    for (const query of ['?q=postgres', '?q=postgres&highlight=false', '?highlight=true']) {
      const { body } = await search(query);
      expect(body.items.some((item) => item.excerptHighlights !== undefined)).toBe(false);
    }
  });

  it('refuses a value other than true or false', async () => {
    await expectBadRequest('?q=postgres&highlight=yes', 'highlight must be true or false.');
  });
});

describe('suggestions ("did you mean")', () => {
  it('suggests spellings that find tools when a search matches none', async () => {
    const { body } = await search('?q=postgrse');
    expect(body.items).toEqual([]);
    expect(body.suggestions).toEqual([{ q: 'postgres', total: 15 }]);
    const suggested = await search(`?q=${body.suggestions?.[0]?.q}`);
    expect(suggested.body.items.length).toBeGreaterThan(0);
  });

  it('counts a suggestion in the category asked for', async () => {
    const { body } = await search('?q=postgrse&category=Editors');
    expect(body.suggestions).toEqual([{ q: 'postgres', total: 2 }]);
  });

  it('says nothing when a search has results, or on a page past the end of them', async () => {
    expect('suggestions' in (await search('?q=postgres')).json).toBe(false);
    expect('suggestions' in (await search('?q=postgres&cursor=500')).json).toBe(false);
  });

  it('answers an empty list when no spelling is near enough', async () => {
    expect((await search('?q=zzzq')).body.suggestions).toEqual([]);
  });
});

describe('closestTools (no tool matches every keyword)', () => {
  it('lists the tools matching the most keywords, each with what it matched and misses', async () => {
    const { body } = await search('?q=console+postgresql+downtime&limit=3');
    expect(body.items).toEqual([]);
    expect(body.nextCursor).toBeNull();
    expect(
      body.closestTools?.map(({ id, matchedKeywords, missingKeywords }) => ({
        id,
        matchedKeywords,
        missingKeywords,
      })),
    ).toEqual([
      // Equal scores: the ordinary tie-break (no reviews, so by folded name).
      { id: 'crème', matchedKeywords: ['console', 'postgresql'], missingKeywords: ['downtime'] },
      { id: 'pgbeam', matchedKeywords: ['console', 'postgresql'], missingKeywords: ['downtime'] },
      {
        id: 'quillsort',
        matchedKeywords: ['postgresql'],
        missingKeywords: ['console', 'downtime'],
      },
    ]);
    expect(body.closestTools?.[2]).toMatchObject({
      excerpt: 'Breaks PostgreSQL migrations.',
      excerptSource: 'dislikes',
      review: { reviewedOn: '2026-05-01' },
    });
    expect(api.conformance.violations).toEqual([]);
  });

  it('keeps to the category asked for', async () => {
    const { body } = await search('?q=console+postgresql+downtime&category=Editors');
    expect(body.closestTools?.map((tool) => tool.id)).toEqual(['crème', 'quillsort']);
  });

  it('is absent when a search has results, and on a page past the end of them', async () => {
    expect('closestTools' in (await search('?q=postgres')).json).toBe(false);
    expect('closestTools' in (await search('?q=postgres&cursor=500')).json).toBe(false);
  });
});
