import fc from 'fast-check';
import { aReview, aStackTag, aTool } from '@reviews/domain/testing';
import type { Review } from '../../src/catalog/review.js';
import type { Tool } from '../../src/catalog/tool.js';

// A small vocabulary, so that random texts and queries often meet; with the usual traps.
const VOCABULARY = [
  'postgres',
  'PostgreSQL',
  'post',
  'node.js',
  'Node',
  'js',
  'C++',
  'c',
  'C#',
  'ASP.NET',
  '.NET',
  'net',
  'rust',
  'Rusty',
  'café',
  'Cafe',
  'fast',
  'faster',
  'slow',
  "don't",
  'dont',
  'Zürich',
  'ﬁle',
  'file',
  'snake_case',
  '3.11',
  'go-lang',
  'OR',
  'quokka',
  'Σίσυφος',
];
export const word = fc.constantFrom(...VOCABULARY);
const text = (maxWords: number) =>
  fc
    .array(fc.tuple(word, fc.constantFrom(' ', ', ', '. ', ' - ', '\n')), { maxLength: maxWords })
    .map((parts) =>
      parts
        .map(([w, separator]) => w + separator)
        .join('')
        .trim(),
    );
const date = fc.constantFrom('2024-05-01', '2025-01-01', '2026-01-15');
const instant = fc.constantFrom('T08:00:00Z', 'T09:30:00Z');

const review = fc
  .record({ on: date, at: instant, likes: text(60), dislikes: text(20) })
  .map(({ on, at, likes, dislikes }): Review =>
    aReview().reviewedOn(on, `${on}${at}`).withLikes(likes).withDislikes(dislikes).build(),
  );

const toolAt = (index: number) =>
  fc
    .record({
      name: text(3).filter((n) => n.length > 0),
      description: text(70),
      category: fc.constantFrom('Databases', 'databases', 'Testing', null),
      labels: fc.option(fc.array(word, { maxLength: 2 })),
      reviews: fc.array(review, { maxLength: 3 }),
    })
    .map(({ name, description, category, labels, reviews }): Tool => {
      const builder = aTool()
        .withId(`tool-${index}`)
        .named(name)
        .describedAs(description)
        .inCategory(category);
      if (labels !== null) builder.withStackTags(...labels.map((label) => aStackTag(label)));
      // As a Publication hands them over: newest first.
      return builder
        .withReviews(...[...reviews].sort((a, b) => (a.reviewedOn < b.reviewedOn ? 1 : -1)))
        .build();
    });

/**
 * Up to 40 random tools, then up to 200 that no query matches (no vocabulary word begins with
 * `w`): a few matches among many tools take other code paths than many matches among few.
 */
export const catalog = fc
  .tuple(fc.integer({ min: 0, max: 40 }), fc.nat({ max: 200 }))
  .chain(([size, padding]) =>
    fc.tuple(...Array.from({ length: size }, (_, i) => toolAt(i))).map((tools) => [
      ...tools,
      ...Array.from({ length: padding }, (_, i) =>
        aTool()
          .withId(`wombat-${i}`)
          .named(`Wombat ${i % 7}`)
          .describedAs('')
          .build(),
      ),
    ]),
  );

// Keywords: vocabulary words, their prefixes, and some operators-as-text.
export const queryText = fc
  .array(
    fc.tuple(word, fc.integer({ min: 1, max: 8 })).map(([w, cut]) => w.slice(0, cut)),
    { minLength: 1, maxLength: 3 },
  )
  .map((words) => words.join(' '));
export const query = fc.oneof(
  { arbitrary: queryText, weight: 5 },
  { arbitrary: fc.constant(''), weight: 1 },
);
export const category = fc.constantFrom(undefined, undefined, 'Databases', 'databases', 'Unknown');
