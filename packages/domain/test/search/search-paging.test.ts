import { describe, expect, it } from '@jest/globals';
import { aReview, aTool } from '@reviews/domain/testing';
import type { Tool } from '../../src/catalog/tool.js';
import { pageWindow } from '../../src/paging/page-window.js';
import { SearchIndex } from '../../src/search/search-index.js';
import type { SearchResultList } from '../../src/search/search-types.js';

// 1,005 tools named "Quokka 0000" … "Quokka 1004", unreviewed, so keyword order is name order.
const tools: Tool[] = Array.from({ length: 1_005 }, (_, i) =>
  aTool()
    .withId(`tool-${String(i).padStart(4, '0')}`)
    .named(`Quokka ${String(i).padStart(4, '0')}`)
    .build(),
);
const index = SearchIndex.build(tools);
const quokkas = (): SearchResultList => index.search({ keywords: ['quokka'] });

function page(list: SearchResultList, cursor: number, limit: number) {
  const window = pageWindow(list.total, cursor, limit);
  if (!window.ok) return window;
  return {
    ok: true,
    ids: list.hits(window.value.start, window.value.end).map((hit) => hit.tool.id),
    next: window.value.nextCursor,
  };
}

describe('SearchIndex result lists with pageWindow', () => {
  it('reports every match in total, even past the paging depth', () => {
    expect(quokkas().total).toBe(1_005);
  });

  it('gives five items and no next cursor at cursor 995 with limit 10 (depth cap)', () => {
    expect(page(quokkas(), 995, 10)).toEqual({
      ok: true,
      ids: ['tool-0995', 'tool-0996', 'tool-0997', 'tool-0998', 'tool-0999'],
      next: null,
    });
  });

  it('refuses a cursor of 1000 or more', () => {
    expect(page(quokkas(), 1_000, 10)).toMatchObject({
      ok: false,
      error: { code: 'CURSOR_TOO_DEEP' },
    });
  });

  it('gives no items and no next cursor past the end', () => {
    const list = index.search({ keywords: ['quokka', '0003'] });
    expect(page(list, 5, 10)).toEqual({ ok: true, ids: [], next: null });
  });

  it('pages browse results the same way', () => {
    const list = index.search({ keywords: [] });
    expect(page(list, 0, 3)).toEqual({
      ok: true,
      ids: ['tool-0000', 'tool-0001', 'tool-0002'],
      next: 3,
    });
  });

  it('still orders results past position 1,000 correctly when asked for them directly', () => {
    const ids = quokkas()
      .hits(998, 1_005)
      .map((hit) => hit.tool.id);
    expect(ids).toEqual([
      'tool-0998',
      'tool-0999',
      'tool-1000',
      'tool-1001',
      'tool-1002',
      'tool-1003',
      'tool-1004',
    ]);
  });

  it('clamps slices to the list', () => {
    expect(quokkas().hits(1_004, 2_000)).toHaveLength(1);
    expect(quokkas().hits(-5, 0)).toEqual([]);
  });

  it('ranks deep results by tier before name', () => {
    const mixed = SearchIndex.build([
      ...tools,
      aTool()
        .withId('zzz-review')
        .named('Zebra')
        .withReviews(aReview().withLikes('quokka'))
        .build(),
    ]);
    const list = mixed.search({ keywords: ['quokka'] });
    expect(list.hits(1_005, 1_006).map((hit) => hit.tool.id)).toEqual(['zzz-review']);
  });
});

describe('SearchIndex result cache', () => {
  it('returns the same list for the same keywords and category, in any keyword order', () => {
    const local = SearchIndex.build(tools.slice(0, 5));
    expect(local.search({ keywords: ['quokka', '0001'] })).toBe(
      local.search({ keywords: ['0001', 'quokka'] }),
    );
  });

  it('keeps lists for different categories apart', () => {
    const local = SearchIndex.build(tools.slice(0, 5));
    expect(local.search({ keywords: ['quokka'], category: 'Testing' }).total).toBe(5);
    expect(local.search({ keywords: ['quokka'], category: 'Other' }).total).toBe(0);
  });
});
