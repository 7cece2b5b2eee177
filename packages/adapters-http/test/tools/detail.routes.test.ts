import { detailResultSchema, errorBodySchema } from '@reviews/application';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aReview, aStackTag, aTool } from '@reviews/domain/testing';
import { startReadApi, testProfile, type RunningReadApi } from '../support/read-api-harness.js';

const reviewed = aTool()
  .withId('harborlint')
  .named('Harborlint')
  .withStackTags(aStackTag('C++', { dimension: 'language', relationship: 'implementation' }))
  .withReviewCount(25)
  .build();
const sameDay = aTool()
  .withId('sameday')
  .withReviews(
    aReview().withId('b-rev').reviewedOn('2026-04-01', '2026-04-02T10:00:00Z'),
    aReview().withId('a-rev').reviewedOn('2026-04-01', '2026-04-02T10:00:00Z'),
    aReview().withId('c-rev').reviewedOn('2026-04-01', '2026-04-03T10:00:00Z'),
    aReview().withId('old-rev').reviewedOn('2025-04-01'),
  )
  .build();
const unresearched = aTool().withId('bare').build();

let api: RunningReadApi;
beforeAll(async () => {
  api = await startReadApi([reviewed, sameDay, unresearched]);
});
afterAll(() => api.close());

const get = (path: string) => fetch(`${api.url}/api/v1/tools/${path}`);

describe('GET /api/v1/tools/{id}', () => {
  it('returns the tool, a first page of reviews newest first, stacks, notice and rights', async () => {
    const res = await get('harborlint');
    expect(res.status).toBe(200);
    const body = detailResultSchema.parse(await res.json());
    expect(body.tool).toMatchObject({
      id: 'harborlint',
      url: 'https://reviews.example/tools/harborlint',
    });
    expect(body.reviews).toHaveLength(10);
    expect(body.reviews[0]?.reviewedOn).toBe('2026-01-15');
    expect(body.reviews[0]?.url).toBe(
      `https://reviews.example/tools/harborlint/reviews/${body.reviews[0]?.id}`,
    );
    expect(body.nextCursor).toBe('10');
    expect(body.stacks?.tags[0]).toMatchObject({ label: 'C++', dimension: 'language' });
    expect(body.historicalNotice).toBe(testProfile.historicalNotice);
    expect(body.rights).toEqual(testProfile.rights);
  });

  it('pages through every review once, in order, until nextCursor is null', async () => {
    const dates: string[] = [];
    let cursor: string | null = '0';
    while (cursor !== null) {
      const body = detailResultSchema.parse(
        await (await get(`harborlint?limit=7&cursor=${cursor}`)).json(),
      );
      dates.push(...body.reviews.map((r) => r.reviewedOn));
      cursor = body.nextCursor;
    }
    expect(dates).toHaveLength(25);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('orders reviews of one day by updatedAt newest first, then id', async () => {
    const body = detailResultSchema.parse(await (await get('sameday')).json());
    expect(body.reviews.map((r) => r.id)).toEqual(['c-rev', 'a-rev', 'b-rev', 'old-rev']);
  });

  it('gives stacks null for an unresearched tool', async () => {
    const body = detailResultSchema.parse(await (await get('bare')).json());
    expect(body).toMatchObject({ stacks: null, reviews: [], nextCursor: null });
  });

  it('answers 404 for an id that names no tool', async () => {
    const res = await get('no-such-tool');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error).toMatch(/no-such-tool/);
  });

  it.each([
    ['bad%20id', /id may contain only/],
    ['a'.repeat(201), /at most 200/],
    ['harborlint?limit=0', /limit/],
    ['harborlint?cursor=1000', /reviews\/index\.json/],
    ['harborlint?cursor=1&cursor=2', /cursor only once/],
    ['%E0%A4%A', /could not be read|id/],
  ])('answers 400 for %s', async (path, mentions) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).error).toMatch(mentions);
  });

  it('accepts ids of allowed characters that are not slugs, answering 404', async () => {
    expect((await get('Some.Tool~1')).status).toBe(404);
  });
});
