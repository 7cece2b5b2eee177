import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { aReview, aTool } from '@reviews/domain/testing';
import { compareReviewsNewestFirst, type Review } from '../../src/catalog/review.js';
import type { Tool } from '../../src/catalog/tool.js';
import { cutExcerpt } from '../../src/search/excerpt-window.js';
import {
  firstMatch,
  markMatchedKeywords,
  markProbedKeywords,
  probeKeywords,
} from '../../src/search/keyword-text-match.js';
import { ReviewTextFacts } from '../../src/search/review-text-facts.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import type { Excerpt } from '../../src/search/search-types.js';
import { toolExcerpt } from '../../src/search/tool-excerpt.js';
import { queryText, word } from './catalog-arbitraries.js';

/*
 * Choosing the review text of an excerpt stops probing a text at the first keyword it lacks
 * once it cannot beat the best text so far. This compares it
 * with the rule as it was written before: every text probed for every keyword, then tokenized
 * when its candidates could beat the best. Tools have many reviews, with dates that tie.
 */

const isNewer = (a: Review, b: Review): boolean =>
  a.reviewedOn > b.reviewedOn || (a.reviewedOn === b.reviewedOn && a.updatedAt > b.updatedAt);

interface Candidate {
  readonly review: Review;
  readonly source: 'likes' | 'dislikes';
  readonly count: number;
}

function referenceBestReviewText(
  reviews: readonly Review[],
  open: readonly string[],
): Candidate | undefined {
  let best: Candidate | undefined;
  const beats = (review: Review, count: number): boolean =>
    count > 0 &&
    (best === undefined ||
      count > best.count ||
      (count === best.count && isNewer(review, best.review)));
  for (const review of reviews) {
    for (const source of ['likes', 'dislikes'] as const) {
      const probe = probeKeywords(review[source], open);
      if (!beats(review, probe.candidates.length)) continue;
      const count = markProbedKeywords(probe, open, []);
      if (beats(review, count)) best = { review, source, count };
    }
  }
  return best;
}

function referenceExcerpt(tool: Tool, keywords: readonly string[]): Excerpt {
  const matched: boolean[] = [];
  let count = 0;
  const texts = [tool.name, tool.description];
  if (tool.category !== null) texts.push(tool.category);
  for (const tag of tool.stacks?.tags ?? []) texts.push(tag.label);
  for (const text of texts) count += markMatchedKeywords(text, keywords, matched);
  const open = keywords.filter((_, i) => matched[i] !== true);
  const chosen = count < keywords.length ? referenceBestReviewText(tool.reviews, open) : undefined;
  if (chosen === undefined) {
    return {
      text: cutExcerpt(tool.description, firstMatch(tool.description, keywords)?.start),
      source: 'tool',
    };
  }
  const text = chosen.review[chosen.source];
  return {
    text: cutExcerpt(text, firstMatch(text, keywords)?.start),
    source: chosen.source,
    review: chosen.review,
  };
}

const text = (maxWords: number) =>
  fc
    .array(fc.tuple(word, fc.constantFrom(' ', ', ', '. ', ' - ', '\n')), { maxLength: maxWords })
    .map((parts) => parts.map(([w, separator]) => w + separator).join(''));

const review = fc
  .record({
    on: fc.constantFrom('2025-01-01', '2026-01-15'),
    at: fc.constantFrom('T08:00:00Z', 'T09:30:00Z'),
    likes: text(8),
    dislikes: text(8),
  })
  .map(({ on, at, likes, dislikes }): Review =>
    aReview().reviewedOn(on, `${on}${at}`).withLikes(likes).withDislikes(dislikes).build(),
  );

/** A tool whose metadata matches few keywords, with up to 40 reviews, newest first or not. */
const tool = fc
  .record({
    name: text(2),
    description: text(4),
    reviews: fc.array(review, { maxLength: 40 }),
    sorted: fc.boolean(),
  })
  .map(({ name, description, reviews, sorted }): Tool =>
    aTool()
      .named(name.length > 0 ? name : 'Wombat')
      .describedAs(description)
      .withReviews(...(sorted ? [...reviews].sort(compareReviewsNewestFirst) : reviews))
      .build(),
  );

const plainFlags =
  (candidate: Tool) =>
  (index: number, source: 'likes' | 'dislikes'): boolean => {
    const value = (candidate.reviews[index] as Review)[source];
    return Array.from(value).every((char) => char.charCodeAt(0) < 0x80) && !value.includes("'");
  };

describe('the review text an excerpt cites', () => {
  it('is the one the rule of probing every text for every keyword chooses', () => {
    fc.assert(
      fc.property(tool, queryText, (candidate, q) => {
        const parsed = parseSearchQuery(q);
        if (!parsed.ok) return;
        const expected = referenceExcerpt(candidate, parsed.value);
        expect(toolExcerpt(candidate, parsed.value)).toEqual(expected);
        const plain = {
          isPlain: plainFlags(candidate),
          mayHold: () => true,
          newestFirst: () => false,
        };
        expect(toolExcerpt(candidate, parsed.value, plain)).toEqual(expected);
        // What the index learns of the texts: the plain flags and the term signatures.
        const facts = new ReviewTextFacts([candidate]);
        const learned = {
          isPlain: (index: number, source: 'likes' | 'dislikes') => facts.isPlain(0, index, source),
          mayHold: (index: number, source: 'likes' | 'dislikes', bit: number) =>
            facts.mayHold(0, index, source, bit),
          newestFirst: () => facts.newestFirst(0),
        };
        expect(toolExcerpt(candidate, parsed.value, learned)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
