import { describe, expect, it } from '@jest/globals';
import { aReview, aStackTag, aTool } from '@reviews/domain/testing';
import type { Excerpt } from '../../src/search/search-types.js';
import { search } from './search-helpers.js';

/** The excerpt of the only result of searching `tool` for `q`. */
function excerptOf(tool: ReturnType<typeof aTool>, q: string): Excerpt {
  const [hit] = search([tool], q).hits(0, 1);
  if (hit?.excerpt === undefined) throw new Error(`no excerpt for ${q}`);
  return hit.excerpt;
}

describe('SearchIndex excerpt source', () => {
  it('takes the description, with no review, when the metadata matches every keyword', () => {
    const tool = aTool()
      .named('Quokka')
      .describedAs('Lints wombat code.')
      .withReviews(aReview().withLikes('quokka wombat'));
    expect(excerptOf(tool, 'quokka wombat')).toEqual({
      text: 'Lints wombat code.',
      source: 'tool',
    });
  });

  it('takes the description when a stack tag label or the category supplies the match, naming the tag', () => {
    const rust = aStackTag('Rust');
    const tool = aTool()
      .named('Alpha')
      .inCategory('Databases')
      .describedAs('Short.')
      .withStackTags(rust);
    expect(excerptOf(tool, 'rust databases')).toEqual({
      text: 'Short.',
      source: 'tool',
      tags: [rust],
    });
  });

  it('takes the likes of the review that matches, citing that review', () => {
    const review = aReview().withLikes('Great quokka support.').withDislikes('Slow.').build();
    const excerpt = excerptOf(aTool().withReviews(review), 'quokka');
    expect(excerpt).toEqual({ text: 'Great quokka support.', source: 'likes', review });
  });

  it('takes the dislikes when they are what matches', () => {
    const review = aReview().withLikes('Fast.').withDislikes('No quokka support.').build();
    expect(excerptOf(aTool().withReviews(review), 'quokka')).toEqual({
      text: 'No quokka support.',
      source: 'dislikes',
      review,
    });
  });

  it('prefers the review text matching the most keywords the metadata did not, over a newer one', () => {
    const newer = aReview().reviewedOn('2026-03-01').withLikes('quokka only').build();
    const older = aReview().reviewedOn('2025-01-01').withDislikes('quokka and wombat').build();
    const excerpt = excerptOf(aTool().withReviews(newer, older), 'quokka wombat');
    expect(excerpt).toMatchObject({ source: 'dislikes', review: older });
  });

  it('does not count keywords the metadata already matched', () => {
    const newer = aReview().reviewedOn('2026-03-01').withLikes('wombat').build();
    const older = aReview().reviewedOn('2025-01-01').withLikes('quokka wombat').build();
    const tool = aTool().named('Quokka').withReviews(newer, older);
    expect(excerptOf(tool, 'quokka wombat')).toMatchObject({ source: 'likes', review: newer });
  });

  it('breaks a tie by the newer reviewedOn, whatever the order of the reviews', () => {
    const older = aReview().reviewedOn('2025-01-01').withLikes('quokka').build();
    const newer = aReview().reviewedOn('2026-01-01').withLikes('quokka').build();
    expect(excerptOf(aTool().withReviews(older, newer), 'quokka')).toMatchObject({ review: newer });
  });

  it('breaks a reviewedOn tie by the newer updatedAt', () => {
    const earlier = aReview()
      .reviewedOn('2026-01-01', '2026-01-01T08:00:00Z')
      .withLikes('quokka')
      .build();
    const later = aReview()
      .reviewedOn('2026-01-01', '2026-04-01T08:00:00Z')
      .withLikes('quokka')
      .build();
    expect(excerptOf(aTool().withReviews(earlier, later), 'quokka')).toMatchObject({
      review: later,
    });
  });

  it('prefers likes over dislikes of the same review on a tie', () => {
    const review = aReview().withLikes('quokka up').withDislikes('quokka down').build();
    expect(excerptOf(aTool().withReviews(review), 'quokka')).toMatchObject({
      text: 'quokka up',
      source: 'likes',
    });
  });
});

describe('SearchIndex excerpt text', () => {
  const filler = (words: number, word = 'lorem'): string =>
    Array.from({ length: words }, () => word).join(' ');

  it('returns a short text whole', () => {
    expect(excerptOf(aTool().describedAs('Quokka, the tool.'), 'quokka').text).toBe(
      'Quokka, the tool.',
    );
  });

  it('returns a text of exactly 240 code points whole', () => {
    const text = `quokka ${'x'.repeat(233)}`;
    expect(excerptOf(aTool().describedAs(text), 'quokka').text).toBe(text);
  });

  it('cuts a long text to at most 240 code points, ellipses included', () => {
    const excerpt = excerptOf(aTool().describedAs(`${filler(60)} quokka ${filler(60)}`), 'quokka');
    expect(Array.from(excerpt.text).length).toBeLessThanOrEqual(240);
    expect(excerpt.text).toMatch(/^….*quokka.*…$/);
  });

  it('cuts at word boundaries', () => {
    const text = `${filler(40, 'alpha')} quokka ${filler(60, 'omega')}`;
    const excerpt = excerptOf(aTool().describedAs(text), 'quokka').text;
    const inner = excerpt.slice(1, -1);
    const at = text.indexOf(inner);
    expect(at).toBeGreaterThan(0);
    expect(text[at - 1]).toBe(' ');
    expect(text[at + inner.length]).toBe(' ');
    expect(inner).toMatch(/^alpha .* omega$/);
  });

  it('shows a window around the first match, deep in the text', () => {
    const text = `${filler(100)} quokka one, wombat ${filler(20)} quokka two ${filler(100)}`;
    const excerpt = excerptOf(aTool().withReviews(aReview().withLikes(text)), 'quokka wombat').text;
    expect(excerpt).toContain('quokka one, wombat');
    expect(excerpt.startsWith('…')).toBe(true);
  });

  it('starts at the beginning, with an ellipsis only at the end, when the match is near the start', () => {
    const excerpt = excerptOf(aTool().describedAs(`Quokka ${filler(100)}`), 'quokka').text;
    expect(excerpt.startsWith('Quokka lorem')).toBe(true);
    expect(excerpt.endsWith('lorem…')).toBe(true);
  });

  it('shows the end of the text, with an ellipsis only at the start, when the match is near the end', () => {
    const excerpt = excerptOf(aTool().describedAs(`${filler(100)} quokka.`), 'quokka').text;
    expect(excerpt.startsWith('…lorem')).toBe(true);
    expect(excerpt.endsWith('quokka.')).toBe(true);
    expect(Array.from(excerpt).length).toBeGreaterThan(230);
  });

  it('takes the description’s beginning when no keyword matched the description', () => {
    const tool = aTool()
      .named('Quokka')
      .describedAs(`Begins here ${filler(100)}`);
    const excerpt = excerptOf(tool, 'quokka');
    expect(excerpt.source).toBe('tool');
    expect(excerpt.text.startsWith('Begins here lorem')).toBe(true);
    expect(excerpt.text.endsWith('…')).toBe(true);
  });

  it('finds the match through folding and cuts the original text, even where NFKD changed lengths', () => {
    const text = `${'ﬁ '.repeat(150)}Zürich ${filler(50)}`;
    const excerpt = excerptOf(aTool().withReviews(aReview().withLikes(text)), 'zurich').text;
    expect(excerpt).toMatch(/^…(ﬁ )+Zürich lorem/);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(240);
  });

  it('counts code points, not UTF-16 units, against the limit', () => {
    const text = `quokka ${'😀 '.repeat(200)}`;
    const excerpt = excerptOf(aTool().describedAs(text), 'quokka').text;
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(240);
    expect(Array.from(excerpt).length).toBeGreaterThan(230);
  });

  it('cuts a text without spaces at the limit rather than returning too much', () => {
    const excerpt = excerptOf(aTool().describedAs(`quokka${'x'.repeat(500)}`), 'quokka').text;
    expect(Array.from(excerpt)).toHaveLength(240);
    expect(excerpt.endsWith('x…')).toBe(true);
  });
});

describe('SearchIndex matched stack tags (docs/api.md#matched-stack-tags)', () => {
  const postgres = aStackTag('PostgreSQL', {
    dimension: 'integration',
    relationship: 'integration',
  });
  const linux = aStackTag('Linux', { dimension: 'os', relationship: 'runs_on' });

  it('names every tag through which a keyword matched that the profile does not hold, in the tool order', () => {
    const pg2 = aStackTag('Postgres 16');
    const tool = aTool().describedAs('Traces slow requests.').withStackTags(linux, postgres, pg2);
    expect(excerptOf(tool, 'postgres slow')).toEqual({
      text: 'Traces slow requests.',
      source: 'tool',
      tags: [postgres, pg2],
    });
  });

  it('names no tag when the name, description or category also match the keyword', () => {
    for (const tool of [
      aTool().named('Postgres Lens').withStackTags(postgres),
      aTool().describedAs('A PostgreSQL console.').withStackTags(postgres),
      aTool().inCategory('Postgres tools').withStackTags(postgres),
    ]) {
      expect(excerptOf(tool, 'postgres').tags).toBeUndefined();
    }
  });

  it('names the tag beside a review excerpt too, when the tag supplied one keyword and a review the other', () => {
    const review = aReview().withLikes('Handles quokka workloads.').build();
    const tool = aTool().describedAs('A console.').withStackTags(postgres).withReviews(review);
    expect(excerptOf(tool, 'postgres quokka')).toEqual({
      text: 'Handles quokka workloads.',
      source: 'likes',
      review,
      tags: [postgres],
    });
  });
});
