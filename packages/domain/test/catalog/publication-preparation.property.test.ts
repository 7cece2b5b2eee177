import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Publication } from '../../src/index.js';
import { finished, sortedInSlices } from '../../src/shared/slices.js';
import { aCatalog, aReview, aTool } from '../../src/testing/index.js';

const NAMES = ['PgBeam', 'Kestrel SQL', 'Crème Brûlée', 'Postal', 'pgscope', 'Kite'];
const CATEGORIES = ['Databases', 'Éditeurs', 'CI', null];
const TEXTS = [
  'Fast startup and clear documentation.',
  "Doesn't scale past one node; the CLI's help is terse.",
  'Crème brûlée of a query planner: pgbeam-style plans, node.js bindings.',
  'Verbose configuration, slow cold start.',
];

const catalogs = fc
  .array(
    fc.record({
      name: fc.constantFrom(...NAMES),
      category: fc.constantFrom(...CATEGORIES),
      days: fc.array(fc.integer({ min: 1, max: 28 }), { maxLength: 5 }),
    }),
    { maxLength: 40 },
  )
  .map((tools) =>
    aCatalog(
      ...tools.map(({ name, category, days }, i) =>
        aTool()
          .withId(`tool-${i}`)
          .named(`${name} ${i % 3}`)
          .inCategory(category)
          .withReviews(
            ...days.map((day, r) =>
              aReview()
                .withId(`r${r}`)
                .withLikes(TEXTS[(i + r) % TEXTS.length] as string)
                .withDislikes(TEXTS[(i + 2 * r + 1) % TEXTS.length] as string)
                .reviewedOn(`2026-02-${String(day).padStart(2, '0')}`),
            ),
          ),
      ),
    ),
  );

describe('a publication prepared in slices (docs/performance.md#after-a-publication)', () => {
  it('answers every read exactly as one computed on first use', () => {
    fc.assert(
      fc.property(catalogs, fc.integer({ min: 1, max: 7 }), (catalog, slice) => {
        const prepared = Publication.publish('p', catalog);
        const lazy = Publication.publish('p', catalog);
        finished(prepared.preparation({ newestReviews: 8, slice }));
        expect(prepared.reviewCount).toBe(lazy.reviewCount);
        expect(prepared.categoryCounts()).toEqual(lazy.categoryCounts());
        const newest = (p: Publication) =>
          p.newestReviews(8).map(({ tool, review }) => `${tool.id}/${review.id}`);
        expect(newest(prepared)).toEqual(newest(lazy));
        for (const prefix of ['', 'p', 'pg', 'k', 'creme', 'tool-1', 'x']) {
          const ids = (p: Publication) => p.toolsByPrefix(prefix, 5).tools.map((t) => t.id);
          expect(ids(prepared)).toEqual(ids(lazy));
        }
        // Excerpts read what the preparation learned of each review text.
        for (const keywords of [
          ['fast'],
          ['doesn'],
          ['creme', 'plan'],
          ['node.js'],
          ['sl'],
          ['pgbeam'],
        ]) {
          const hits = (p: Publication) => p.search({ keywords }).hits(0, 50);
          expect(hits(prepared)).toEqual(hits(lazy));
        }
      }),
    );
  });

  it('yields between slices, so requests can be answered while it runs', () => {
    const catalog = aCatalog(...Array.from({ length: 20 }, (_, i) => aTool().withId(`t-${i}`)));
    const steps = Publication.publish('p', catalog).preparation({ newestReviews: 8, slice: 5 });
    let slices = 0;
    while (steps.next().done !== true) slices++;
    expect(slices).toBeGreaterThanOrEqual(4 * 3);
  });
});

describe('sortedInSlices', () => {
  it('sorts as a stable sort does, whatever the slice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 9 }), at: fc.nat() }), {
          maxLength: 200,
        }),
        fc.integer({ min: 1, max: 50 }),
        (items, slice) => {
          const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
          expect(finished(sortedInSlices(items, byKey, slice))).toEqual([...items].sort(byKey));
        },
      ),
    );
  });
});
