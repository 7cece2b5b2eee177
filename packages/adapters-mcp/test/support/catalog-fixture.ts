import type { Tool } from '@reviews/domain';
import { aReview, aStackTag, aTool } from '@reviews/domain/testing';

/**
 * A small catalog: two searchable tools in different categories (one found by its profile, one
 * only by a review), one with stacks research and a dozen reviews, and fillers so that browsing
 * takes three pages.
 */
export function fixtureTools(): Tool[] {
  return [
    aTool()
      .withId('pgbeam')
      .named('PgBeam')
      .describedAs('A query console for PostgreSQL.')
      .inCategory('Databases')
      .withReviews(
        aReview().reviewedOn('2026-03-01').withLikes('Fast autocomplete.'),
        ...Array.from({ length: 11 }, (_, i) =>
          aReview().reviewedOn(`2025-${String(12 - i).padStart(2, '0')}-01`),
        ),
      )
      .withStackTags(
        aStackTag('TypeScript'),
        aStackTag('Node.js', { dimension: 'runtime', relationship: 'runs_on' }),
      ),
    aTool()
      .withId('quillsort')
      .named('Quillsort')
      .describedAs('Sorts imports.')
      .inCategory('Editors')
      .withReviews(
        aReview().reviewedOn('2026-05-01').withDislikes('Breaks PostgreSQL migrations.'),
      ),
    ...Array.from({ length: 23 }, (_, i) =>
      aTool()
        .withId(`filler-${String(i).padStart(2, '0')}`)
        .named(`Filler ${i}`)
        .inCategory('Testing'),
    ),
  ].map((builder) => builder.build());
}
