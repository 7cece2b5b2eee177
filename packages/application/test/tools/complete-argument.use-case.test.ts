import { describe, expect, it } from '@jest/globals';
import { Publication } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { CompleteArgument, MAX_COMPLETIONS } from '../../src/tools/complete-argument.use-case.js';

/** Category names a completion offers at most (docs/mcp.md#completions): the protocol's 100. */
const CATEGORY_COMPLETIONS = 100;

function completeArgument(): CompleteArgument {
  const live = new LivePublication();
  live.replace(
    Publication.publish(
      'p1',
      aCatalog(
        aTool().withId('pgbeam').named('PgBeam'),
        aTool()
          .withId('quillsort')
          .named('Quillsort')
          .withReviews(
            aReview().withId('qs-2025').reviewedOn('2025-01-01'),
            aReview().withId('qs-2026').reviewedOn('2026-01-01'),
            aReview().withId('other').reviewedOn('2024-01-01'),
          ),
        ...Array.from({ length: 30 }, (_, i) => aTool().withId(`filler-${i}`).named(`Filler ${i}`)),
      ),
    ),
  );
  return new CompleteArgument(live);
}

describe('CompleteArgument', () => {
  it('completes tool ids from the beginning of an id or a name, at most 20', () => {
    const complete = completeArgument();
    expect(complete.execute({ kind: 'toolId', value: 'Quill' })).toEqual({
      ok: true,
      value: { values: ['quillsort'], hasMore: false },
    });
    const many = complete.execute({ kind: 'toolId', value: 'fill' });
    if (!many.ok) throw new Error(many.error.message);
    expect(many.value.values).toHaveLength(MAX_COMPLETIONS);
    expect(many.value.hasMore).toBe(true);
  });

  it("completes a tool's review ids, newest first, and none for an unknown or missing tool", () => {
    const complete = completeArgument();
    expect(complete.execute({ kind: 'reviewId', toolId: 'quillsort', value: 'qs' })).toEqual({
      ok: true,
      value: { values: ['qs-2026', 'qs-2025'], hasMore: false },
    });
    for (const toolId of ['nope', undefined]) {
      expect(complete.execute({ kind: 'reviewId', toolId, value: '' })).toEqual({
        ok: true,
        value: { values: [], hasMore: false },
      });
    }
  });

  it('completes category names by their folded beginning, by name, at most 100 with hasMore beyond', () => {
    const live = new LivePublication();
    live.replace(
      Publication.publish(
        'p1',
        aCatalog(
          aTool().withId('a').inCategory('Databases'),
          aTool().withId('b').inCategory('Data Tools'),
          aTool().withId('c').inCategory('Éditeurs'),
          aTool().withId('d').inCategory('Databases'),
          ...Array.from({ length: CATEGORY_COMPLETIONS + 5 }, (_, i) =>
            aTool()
              .withId(`kind-${i}`)
              .inCategory(`Kind ${String(i).padStart(3, '0')}`),
          ),
        ),
      ),
    );
    const complete = new CompleteArgument(live);
    expect(complete.execute({ kind: 'category', value: 'DATA' })).toEqual({
      ok: true,
      value: { values: ['Data Tools', 'Databases'], hasMore: false },
    });
    expect(complete.execute({ kind: 'category', value: 'edit' })).toEqual({
      ok: true,
      value: { values: ['Éditeurs'], hasMore: false },
    });
    const many = complete.execute({ kind: 'category', value: 'kind' });
    if (!many.ok) throw new Error(many.error.message);
    expect(many.value.values).toEqual(
      Array.from({ length: CATEGORY_COMPLETIONS }, (_, i) => `Kind ${String(i).padStart(3, '0')}`),
    );
    expect(many.value.hasMore).toBe(true);
    const all = complete.execute({ kind: 'category', value: '' });
    if (!all.ok) throw new Error(all.error.message);
    expect(all.value.values.slice(0, 3)).toEqual(['Data Tools', 'Databases', 'Kind 000']);
  });

  it('says the catalog is unavailable before the first publication', () => {
    const result = new CompleteArgument(new LivePublication()).execute({
      kind: 'toolId',
      value: '',
    });
    expect(result.ok ? undefined : result.error.code).toBe('CATALOG_UNAVAILABLE');
  });
});
