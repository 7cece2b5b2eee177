import { describe, expect, it } from '@jest/globals';
import { Publication } from '@reviews/domain';
import { aCatalog, aReview, aStackTag, aTool } from '@reviews/domain/testing';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { GetTool } from '../../src/tools/get-tool.use-case.js';
import { detailResultSchema } from '../../src/schemas/tool.schemas.js';
import { profile } from './profile.fixture.js';

const tool = aTool()
  .withId('quill')
  .withReviews(
    aReview().withId('old').reviewedOn('2025-01-01').withAuthor({}),
    aReview()
      .withId('new')
      .reviewedOn('2026-01-01')
      .withAuthor({ name: 'Ada', url: 'https://ada.example' }),
  )
  .withStackTags(aStackTag('Rust'))
  .build();

function getTool(): GetTool {
  const live = new LivePublication();
  live.replace(Publication.publish('p1', aCatalog(tool)));
  return new GetTool(live, profile);
}

describe('GetTool', () => {
  it('returns the tool, reviews newest first with their addresses, and stacks', () => {
    const result = getTool().execute({ id: 'quill' });
    if (!result.ok) throw new Error(result.error.message);
    const body = detailResultSchema.parse(result.value);
    expect(body.reviews.map((r) => r.id)).toEqual(['new', 'old']);
    expect(body.reviews[0]).toMatchObject({
      url: 'https://reviews.example/tools/quill/reviews/new',
      author: { name: 'Ada', url: 'https://ada.example' },
    });
    expect(body.reviews[1]?.author).toEqual({});
    expect(body.stacks?.tags[0]?.label).toBe('Rust');
  });

  it('fails with TOOL_NOT_FOUND naming the id', () => {
    expect(getTool().execute({ id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'TOOL_NOT_FOUND', message: expect.stringContaining('"nope"') },
    });
  });

  it('pages reviews with the same depth rule as search', () => {
    expect(getTool().execute({ id: 'quill', limit: 1 })).toMatchObject({
      ok: true,
      value: { nextCursor: '1' },
    });
    expect(getTool().execute({ id: 'quill', cursor: '1000' })).toMatchObject({
      ok: false,
      error: { code: 'CURSOR_TOO_DEEP' },
    });
  });

  it('fails with CATALOG_UNAVAILABLE before anything is published', () => {
    expect(new GetTool(new LivePublication(), profile).execute({ id: 'quill' })).toMatchObject({
      ok: false,
      error: { code: 'CATALOG_UNAVAILABLE' },
    });
  });
});
