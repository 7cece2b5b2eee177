import { describe, expect, it } from '@jest/globals';
import { aTool, type ToolBuilder } from '@reviews/domain/testing';
import {
  EXCERPT_SCANS_PER_UNIT,
  POSTINGS_PER_UNIT,
  searchUnits,
} from '../../src/search/search-cost.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { OrdinalResultList } from '../../src/search/search-result-list.js';
import { parseSearchQuery } from '../../src/search/search-query.js';

const indexOf = (...tools: ToolBuilder[]): SearchIndex =>
  SearchIndex.build(tools.map((tool) => tool.build()));

/** Ordinals a built list holds (ranked so far). */
function rankedOf(index: SearchIndex, request: ReturnType<typeof requestOf>): number {
  const list = index.search(request);
  if (!(list instanceof OrdinalResultList)) throw new Error('not a built list');
  return list.size;
}

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
  it('plans every keyword postings, again for facets of a category search, and none once both are kept', () => {
    const index = indexOf(...tools);
    const request = requestOf('postgres pg', 'Databases');
    const page = { facets: true, limit: 20 };
    const matching = indexOf(...tools).plannedWork(request, { facets: false, limit: 20 }).postings;
    const planned = index.plannedWork(request, page);
    expect(matching).toBeGreaterThan(0);
    expect(planned.postings).toBe(2 * matching);
    // The plan ran the matching (charged above): the page's excerpts are cut from its 2 hits.
    expect(planned.excerptScans).toBe(2 * 2);
    expect(planned.corrections).toBe(0);
    expect(planned.closestPostings).toBe(0);
    expect(planned.closestExcerptScans).toBe(0);

    index.search(request);
    index.categoryFacets(request.keywords);
    // Kept, so nothing is read again; the page's excerpts are cut from the hits there are.
    expect(index.plannedWork(request, page)).toEqual({
      postings: 0,
      closestPostings: 0,
      excerptScans: 2 * 2,
      closestExcerptScans: 0,
      corrections: 0,
    });
  });

  it('counts the facets of a search without a category with its matching: planned once, the same counts', () => {
    const index = indexOf(...tools);
    const request = requestOf('postgres pg');
    const matching = indexOf(...tools).plannedWork(request, { facets: false, limit: 20 }).postings;
    expect(matching).toBeGreaterThan(0);
    // The plan's matching counted the facets and kept them: no matching of their own.
    expect(index.plannedWork(request, { facets: true, limit: 20 }).postings).toBe(matching);
    expect(index.plannedWork(request, { facets: true, limit: 20 }).postings).toBe(0);
    expect(index.categoryFacets(request.keywords)).toEqual(
      indexOf(...tools).categoryFacets(request.keywords),
    );
    expect(index.categoryFacets(request.keywords)).toEqual([
      { name: 'Databases', count: 2 },
      { name: 'Testing', count: 1 },
    ]);
  });

  it("ranks a page past the first in the plan's matching, so that the page does not match again", () => {
    // 30 tools hold "postgres": a page of 10 from 25 lies past the first page of 20 ranked.
    const many = Array.from({ length: 30 }, (_, i) =>
      aTool()
        .named(`Pg${String.fromCharCode(97 + (i % 26))}${i}`)
        .describedAs('Postgres.'),
    );
    const index = indexOf(...many);
    const request = requestOf('postgres');
    index.plannedWork(request, { facets: false, limit: 10, offset: 25 });
    expect(rankedOf(index, request)).toBe(30);
    expect(
      index
        .search(request)
        .hits(25, 35)
        .map((hit) => hit.tool.id),
    ).toEqual(
      indexOf(...many)
        .search(request)
        .hits(25, 35)
        .map((hit) => hit.tool.id),
    );
    // A first page is ranked as far as a first page goes.
    const first = indexOf(...many);
    first.plannedWork(request, { facets: false, limit: 10 });
    expect(rankedOf(first, request)).toBe(20);
  });

  it('plans "did you mean" for a keyword no term begins with, until its answer is kept', () => {
    const index = indexOf(...tools);
    const request = requestOf('postgers backups');
    // No hit of its own; the closest tools' page of excerpts is planned (see below).
    expect(index.plannedWork(request, { facets: false, limit: 20 })).toMatchObject({
      excerptScans: 0,
      closestExcerptScans: 20 * 2,
      corrections: 2,
    });
    index.suggest(request);
    expect(index.plannedWork(request, { facets: false, limit: 20 }).corrections).toBe(0);
  });

  it('plans the closest tools when nothing matches in full: what they read, until they are kept', () => {
    const index = indexOf(...tools);
    const request = requestOf('postgres migrations zzzq');
    const planned = index.plannedWork(request, { facets: false, limit: 5 });
    const found = index.closest(request, 5);
    expect(found.hits.length).toBeGreaterThan(0);
    // The union reads every keyword's postings, as many as matching plans for them.
    expect(planned.postings).toBe(found.postingsRead);
    expect(planned.closestPostings).toBe(found.postingsRead);
    expect(planned.closestExcerptScans).toBe(20 * 3);
    expect(index.plannedWork(request, { facets: false, limit: 5 })).toMatchObject({
      postings: found.postingsRead,
      closestPostings: 0,
      closestExcerptScans: 0,
    });
  });

  it('plans the closest tools and "did you mean" on the first asking when every keyword matches but never all together', () => {
    const request = requestOf('migrations backups fixtures');
    const page = { facets: false, limit: 10 };
    // What the search computes, measured on an index of its own that plans nothing.
    const measured = indexOf(...tools);
    expect(measured.search(request).total).toBe(0);
    const found = measured.closest(request, 10);
    expect(found.hits).toHaveLength(3);
    expect(found.postingsRead).toBeGreaterThan(0);

    const index = indexOf(...tools);
    const planned = index.plannedWork(request, page);
    expect(planned.closestPostings).toBeGreaterThanOrEqual(found.postingsRead);
    expect(planned.closestExcerptScans).toBeGreaterThanOrEqual(found.hits.length * 3);
    expect(planned.corrections).toBe(3);
    expect(searchUnits(planned)).toBeGreaterThanOrEqual(
      searchUnits({
        postings: 0,
        closestPostings: found.postingsRead,
        excerptScans: 0,
        closestExcerptScans: found.hits.length * 3,
        corrections: 3,
      }),
    );
    // The plan ran the matching and kept its list: the search reads nothing more.
    expect(index.plannedWork(request, page).postings).toBe(0);
  });

  it('charges the closest tools of a split search in units on a catalog where they are costly', () => {
    // Half the tools hold 64 words that begin "migra", half 64 that begin "backu": no tool
    // matches both keywords, and the union reads every one of those postings.
    const letter = (i: number) => String.fromCharCode(97 + i);
    const words = (stem: string) =>
      Array.from({ length: 64 }, (_, i) => `${stem}${letter(i % 16)}${letter(i >> 4)}`).join(' ');
    const many = Array.from({ length: POSTINGS_PER_UNIT / 32 }, (_, i) =>
      aTool()
        .withId(`t${i}`)
        .named(`Tool ${i}`)
        .describedAs(`${words(i % 2 === 0 ? 'migra' : 'backu')}.`),
    );
    const index = indexOf(...many);
    const request = requestOf('migra backu');
    const units = searchUnits(index.plannedWork(request, { facets: false, limit: 10 }));
    const found = index.closest(request, 10);
    expect(found.hits).toHaveLength(10);
    expect(found.postingsRead).toBeGreaterThanOrEqual(2 * POSTINGS_PER_UNIT);
    // One for the request, at least two for the union's postings, and the corrections of both.
    expect(units).toBeGreaterThanOrEqual(1 + 2 + 2);
  });

  it('plans nothing for a browse or a category no tool has', () => {
    const index = indexOf(...tools);
    const none = {
      postings: 0,
      closestPostings: 0,
      excerptScans: 0,
      closestExcerptScans: 0,
      corrections: 0,
    };
    expect(index.plannedWork(requestOf(''), { facets: true, limit: 100 })).toEqual(none);
    expect(
      index.plannedWork(requestOf('postgres', 'Nothing'), { facets: true, limit: 100 }),
    ).toEqual(none);
  });
});

describe('searchUnits', () => {
  const nothing = {
    postings: 0,
    closestPostings: 0,
    excerptScans: 0,
    closestExcerptScans: 0,
    corrections: 0,
  };
  it('is one unit for little work and grows with postings, excerpt scans and corrections', () => {
    expect(searchUnits(nothing)).toBe(1);
    expect(searchUnits({ ...nothing, postings: 10 * POSTINGS_PER_UNIT })).toBe(11);
    expect(searchUnits({ ...nothing, excerptScans: 3 * EXCERPT_SCANS_PER_UNIT })).toBe(4);
    expect(searchUnits({ ...nothing, corrections: 3 })).toBe(4);
  });

  it("charges a letters page's excerpts their measured time, an ordinary page one unit", () => {
    // Twelve single letters, a page of 20: 240 excerpt keywords, about 1.5 ms at 10k tools where
    // an ordinary search takes 0.28 ms.
    expect(searchUnits({ ...nothing, excerptScans: 12 * 20 })).toBe(6);
    // Three keywords, the default page of 10.
    expect(searchUnits({ ...nothing, excerptScans: 3 * 10 })).toBe(1);
  });

  it("charges the closest tools' postings and excerpts at the search's own rates", () => {
    expect(searchUnits({ ...nothing, closestPostings: 10 * POSTINGS_PER_UNIT })).toBe(11);
    expect(searchUnits({ ...nothing, closestPostings: POSTINGS_PER_UNIT - 1 })).toBe(1);
    // Matching and union together: two halves make a unit.
    const half = POSTINGS_PER_UNIT / 2;
    expect(searchUnits({ ...nothing, postings: half, closestPostings: half })).toBe(2);
    expect(searchUnits({ ...nothing, closestExcerptScans: 3 * EXCERPT_SCANS_PER_UNIT })).toBe(4);
    expect(searchUnits({ ...nothing, excerptScans: 12 * 20, closestExcerptScans: 12 * 20 })).toBe(
      11,
    );
  });
});
