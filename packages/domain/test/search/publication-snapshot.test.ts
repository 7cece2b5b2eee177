import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ArrivingTools, freezeTool, Publication } from '../../src/catalog/publication.js';
import { searchIndexBuffers, toolOrderParts } from '../../src/search/search-index-snapshot.js';
import { orderStubOf } from '../../src/search/tool-order.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import type { SearchResultList } from '../../src/search/search-types.js';
import { aCatalog, aTool } from '@reviews/domain/testing';
import { catalog, category, queryText } from './catalog-arbitraries.js';

const keywordsOf = (q: string): readonly string[] => {
  const parsed = parseSearchQuery(q);
  return parsed.ok ? parsed.value : [];
};

const everything = (list: SearchResultList) =>
  list.hits(0, list.total).map((hit) => [hit.tool.id, hit.excerpt ?? null]);

describe('Publication snapshots', () => {
  it('rebuild, after a structured clone, a publication that answers every search the same', () => {
    fc.assert(
      fc.property(catalog, queryText, category, (tools, q, inCategory) => {
        const original = Publication.publish('p1', aCatalog(...tools));
        const snapshot = original.snapshot();
        const copy = Publication.fromSnapshot(structuredClone(snapshot));
        const request = { keywords: keywordsOf(q), category: inCategory };
        expect(everything(copy.search(request))).toEqual(everything(original.search(request)));
        expect(copy.tools).toEqual(original.tools);
        expect(copy.categoryCounts()).toEqual(original.categoryCounts());
        expect(copy.id).toBe('p1');
      }),
      { numRuns: 200 },
    );
  });

  it('can move the index arrays instead of copying them, and refuses parts that do not fit', () => {
    const tools = [
      aTool().withId('alpha').named('Alpha Postgres').inCategory('Databases').build(),
      aTool().withId('beta').named('Beta Editor').inCategory('Editors').build(),
    ];
    const snapshot = Publication.publish('p2', aCatalog(...tools)).snapshot();
    const moved = structuredClone(snapshot, {
      transfer: searchIndexBuffers(snapshot.index) as ArrayBuffer[],
    });
    expect(snapshot.index.keywordRank.length).toBe(0); // detached in the sender: moved, not copied
    const copy = Publication.fromSnapshot(moved);
    expect(everything(copy.search({ keywords: ['postgres'] }))[0]?.[0]).toBe('alpha');
    expect(copy.search({ keywords: [], category: 'Editors' }).total).toBe(1);
    expect(() =>
      Publication.fromSnapshot({ ...moved, tools: [...moved.tools, ...moved.tools] }),
    ).toThrow('does not fit');
  });

  it('holds its tools and review lists frozen, whether they arrive frozen (freezeTool) or not', () => {
    const snapshot = Publication.publish(
      'p3',
      aCatalog(aTool().withId('alpha'), aTool().withId('beta')),
    ).snapshot();
    const unfrozen = structuredClone(snapshot);
    const prefrozen = structuredClone(snapshot);
    const first = prefrozen.tools[0]!;
    expect(freezeTool(first)).toBe(first);
    expect(freezeTool(first)).toBe(first);

    for (const copy of [unfrozen, prefrozen]) {
      const publication = Publication.fromSnapshot(copy);
      expect(publication.tools).toEqual(snapshot.tools);
      for (const tool of publication.tools) {
        expect(Object.isFrozen(tool)).toBe(true);
        expect(Object.isFrozen(tool.reviews)).toBe(true);
      }
    }
  });

  it('put together from tools gathered as they arrive, answer every search as fromSnapshot does', () => {
    fc.assert(
      fc.property(catalog, queryText, category, fc.nat(5), (tools, q, inCategory, sliceSize) => {
        const original = Publication.publish('p4', aCatalog(...tools));
        const { tools: sent, ...head } = structuredClone(original.snapshot());
        const arriving = new ArrivingTools();
        // In slices, as a reload receives them (slices of 1 to 6 tools).
        for (let i = 0; i < sent.length; i += sliceSize + 1)
          for (const tool of sent.slice(i, i + sliceSize + 1)) arriving.add(tool);
        const arrived = arriving.complete(sent.length);
        // Where each tool's reviews start among all reviews, and the total at the end.
        const starts = [0];
        for (const tool of sent) starts.push(starts.at(-1)! + tool.reviews.length);
        expect([...arrived.reviewStarts]).toEqual(starts);
        const copy = Publication.fromArrivedTools(head, arrived);
        const request = { keywords: keywordsOf(q), category: inCategory };
        expect(everything(copy.search(request))).toEqual(everything(original.search(request)));
        expect(copy.tools).toEqual(original.tools);
        for (const tool of original.tools) expect(copy.findTool(tool.id)).toEqual(tool);
        expect(copy.categoryCounts()).toEqual(original.categoryCounts());
        expect(copy.reviewCount).toBe(original.reviewCount);
        for (const tool of copy.tools) {
          expect(Object.isFrozen(tool)).toBe(true);
          expect(Object.isFrozen(tool.reviews)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuse tools gathered short of, or beyond, the number announced', () => {
    const snapshot = Publication.publish(
      'p5',
      aCatalog(aTool().withId('alpha'), aTool().withId('beta')),
    ).snapshot();
    const arriving = new ArrivingTools();
    arriving.add(structuredClone(snapshot.tools[0]!));
    expect(() => arriving.complete(2)).toThrow('1 tools arrived where 2 were announced');
    arriving.add(structuredClone(snapshot.tools[1]!));
    expect(() => arriving.complete(1)).toThrow('2 tools arrived where 1 were announced');
    const head = { id: snapshot.id, publishedAt: snapshot.publishedAt, index: snapshot.index };
    const one = new ArrivingTools();
    one.add(structuredClone(snapshot.tools[0]!));
    expect(() => Publication.fromArrivedTools(head, one.complete(1))).toThrow('does not fit');
  });

  it('count the reviews of more tools than their first allocation holds', () => {
    const arriving = new ArrivingTools();
    const tools = Array.from({ length: 2500 }, (_, i) =>
      freezeTool(
        aTool()
          .withId(`t${i}`)
          .withReviewCount(i % 3)
          .build(),
      ),
    );
    for (const tool of tools) arriving.add(tool);
    const arrived = arriving.complete(tools.length);
    expect(arrived.reviewStarts.length).toBe(2501);
    expect(arrived.reviewStarts[2500]).toBe(tools.reduce((sum, t) => sum + t.reviews.length, 0));
    // Tools 0 to 999 have 0, 1, 2, 0, 1, 2, … reviews: 333 threes and a 0.
    expect(arrived.reviewStarts[1000]).toBe(999);
    expect(arrived.byId.get('t2499')).toBe(tools[2499]);
  });

  it('order and categorise tools as their stubs do (id, name, category, newest dates)', () => {
    fc.assert(
      fc.property(catalog, (tools) => {
        const published = Publication.publish('p6', aCatalog(...tools)).tools;
        const stubs = published.map(orderStubOf);
        expect(toolOrderParts(stubs)).toEqual(toolOrderParts(published));
        for (const stub of stubs) expect(stub.reviews.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});
