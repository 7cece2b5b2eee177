import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DuplicateIdFinder } from '../../src/catalog/duplicate-id-finder.js';

/** Tools with ids from small pools, so that tool and review ids repeat within and across tools. */
const tools = fc.array(
  fc.record({
    id: fc.constantFrom('a', 'b', 'c', 'd'),
    reviews: fc.array(fc.record({ id: fc.constantFrom('r1', 'r2', 'r3', 'r4', 'r5', 'r6') }), {
      maxLength: 5,
    }),
  }),
  { maxLength: 8 },
);

type Tools = { id: string; reviews: { id: string }[] }[];

/** Every repeat of a tool or review id, naming the first, found by looking back from scratch. */
function repeatsOf(catalog: Tools): string[] {
  const found: string[] = [];
  catalog.forEach((tool, t) => {
    const firstTool = catalog.findIndex((other) => other.id === tool.id);
    if (firstTool < t) found.push(`[${t}].id "${tool.id}" of [${firstTool}].id`);
    tool.reviews.forEach((review, r) => {
      for (let ft = 0; ft <= t; ft++) {
        const fr = (catalog[ft]?.reviews ?? []).findIndex((other) => other.id === review.id);
        if (fr < 0) continue;
        if (ft < t || fr < r)
          found.push(`[${t}].reviews[${r}].id "${review.id}" of [${ft}].reviews[${fr}].id`);
        break;
      }
    });
  });
  return found;
}

describe('DuplicateIdFinder', () => {
  it('reports every repeated tool and review id at the repeat, naming the first occurrence', () => {
    let repeats = 0;
    fc.assert(
      fc.property(tools, (catalog) => {
        const finder = new DuplicateIdFinder();
        const found = catalog.flatMap((tool, t) =>
          finder.check(tool, t).map((d) => {
            const first = /of \$\.tools(.*)$/.exec(d.message)?.[1];
            const id = /"(.*)"/.exec(d.message)?.[1];
            const path = d.path
              .map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`))
              .join('')
              .replace(/^\.?/, '');
            return `${path} "${id}" of ${first}`;
          }),
        );
        const expected = repeatsOf(catalog);
        expect(found).toEqual(expected);
        repeats += expected.length;
      }),
      { numRuns: 500 },
    );
    expect(repeats).toBeGreaterThan(500);
  });
});
