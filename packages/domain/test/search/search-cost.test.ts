import { describe, expect, it } from '@jest/globals';
import { aTool, type ToolBuilder } from '@reviews/domain/testing';
import { POSTINGS_PER_UNIT, searchUnits } from '../../src/search/search-cost.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { parseSearchQuery } from '../../src/search/search-query.js';

const indexOf = (...tools: ToolBuilder[]): SearchIndex =>
  SearchIndex.build(tools.map((tool) => tool.build()));

function requestOf(q: string, category?: string) {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { keywords: parsed.value, category };
}

const tools = [
  aTool().named('Pgmig').inCategory('Databases').describedAs('Postgres migrations.'),
  aTool().named('Pgdump').inCategory('Databases').describedAs('Postgres backups.'),
  aTool().named('Pgtest').inCategory('Testing').describedAs('Postgres fixtures.'),
];

describe('SearchIndex.plannedWork (docs/api.md#what-a-search-costs)', () => {
  it('plans every keyword postings, again for facets, and none once both are kept', () => {
    const index = indexOf(...tools);
    const request = requestOf('postgres pg');
    const page = { facets: true, limit: 20 };
    const planned = index.plannedWork(request, page);
    const matching = index.plannedWork(request, { facets: false, limit: 20 }).postings;
    expect(matching).toBeGreaterThan(0);
    expect(planned.postings).toBe(2 * matching);
    expect(planned.excerptScans).toBe(20 * 2);
    expect(planned.corrections).toBe(0);

    index.search(request);
    index.categoryFacets(request.keywords);
    // Kept, so nothing is read again; the page's excerpts are cut from the hits there are.
    expect(index.plannedWork(request, page)).toEqual({
      postings: 0,
      excerptScans: 3 * 2,
      corrections: 0,
    });
  });

  it('plans "did you mean" for a keyword no term begins with, until its answer is kept', () => {
    const index = indexOf(...tools);
    const request = requestOf('postgers backups');
    // No hit of its own; the closest tools' page of excerpts is planned (see below).
    expect(index.plannedWork(request, { facets: false, limit: 20 })).toMatchObject({
      excerptScans: 20 * 2,
      corrections: 2,
    });
    index.suggest(request);
    expect(index.plannedWork(request, { facets: false, limit: 20 }).corrections).toBe(0);
  });

  it('plans the closest tools when nothing matches in full: what they read, until they are kept', () => {
    const index = indexOf(...tools);
    const request = requestOf('postgres migrations zzzq');
    const matching = index.plannedWork(requestOf('postgres migrations zzzq'), {
      facets: false,
      limit: 5,
    });
    const found = index.closest(request, 5);
    expect(found.hits.length).toBeGreaterThan(0);
    // The union reads every keyword's postings once more than matching plans them.
    expect(matching.postings).toBe(2 * found.postingsRead);
    expect(matching.excerptScans).toBe(20 * 3);
    expect(index.plannedWork(request, { facets: false, limit: 5 })).toMatchObject({
      excerptScans: 0,
    });
    expect(index.plannedWork(request, { facets: false, limit: 5 }).postings).toBe(
      found.postingsRead,
    );
  });

  it('plans nothing for a browse or a category no tool has', () => {
    const index = indexOf(...tools);
    const none = { postings: 0, excerptScans: 0, corrections: 0 };
    expect(index.plannedWork(requestOf(''), { facets: true, limit: 100 })).toEqual(none);
    expect(
      index.plannedWork(requestOf('postgres', 'Nothing'), { facets: true, limit: 100 }),
    ).toEqual(none);
  });
});

describe('searchUnits', () => {
  it('is one unit for little work and grows with postings, excerpt scans and corrections', () => {
    expect(searchUnits({ postings: 0, excerptScans: 0, corrections: 0 })).toBe(1);
    expect(searchUnits({ postings: 10 * POSTINGS_PER_UNIT, excerptScans: 0, corrections: 0 })).toBe(
      11,
    );
    expect(searchUnits({ postings: 0, excerptScans: 240, corrections: 0 })).toBe(5);
    expect(searchUnits({ postings: 0, excerptScans: 0, corrections: 3 })).toBe(4);
  });
});
