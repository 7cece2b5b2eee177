import { describe, expect, it } from '@jest/globals';
import { aReview, aTool, type ToolBuilder } from '@reviews/domain/testing';
import { SearchIndex } from '../../src/search/search-index.js';
import { parseSearchQuery } from '../../src/search/search-query.js';

const indexOf = (...tools: ToolBuilder[]): SearchIndex =>
  SearchIndex.build(tools.map((tool) => tool.build()));

function keywordsOf(q: string): readonly string[] {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('SearchIndex.categoryFacets', () => {
  const index = indexOf(
    aTool().named('Pgmig').inCategory('Databases').describedAs('Postgres migrations.'),
    aTool().named('Pgdump').inCategory('Databases').describedAs('Postgres backups.'),
    aTool().named('Pgtest').inCategory('Testing').describedAs('Postgres fixtures.'),
    aTool().named('Pgci').inCategory('CI').describedAs('Postgres in CI.'),
    aTool().named('Nocat').inCategory(null).describedAs('Postgres, uncategorised.'),
    aTool().named('Other').inCategory('Testing').describedAs('Mocks.'),
  );

  it('counts every match per category, most frequent first, ties by name', () => {
    expect(index.categoryFacets(keywordsOf('postgres'))).toEqual([
      { name: 'Databases', count: 2 },
      { name: 'CI', count: 1 },
      { name: 'Testing', count: 1 },
    ]);
  });

  it('counts every tool when browsing, and lists no category without a match', () => {
    expect(index.categoryFacets([])).toEqual([
      { name: 'Databases', count: 2 },
      { name: 'Testing', count: 2 },
      { name: 'CI', count: 1 },
    ]);
    expect(index.categoryFacets(keywordsOf('mocks'))).toEqual([{ name: 'Testing', count: 1 }]);
    expect(index.categoryFacets(keywordsOf('absent'))).toEqual([]);
  });

  it('leaves the results of the same search as they were', () => {
    const before = index.search({ keywords: keywordsOf('postgres'), category: 'Testing' });
    index.categoryFacets(keywordsOf('postgres'));
    const after = index.search({ keywords: keywordsOf('postgres'), category: 'Testing' });
    expect(after.hits(0, 10)).toEqual(before.hits(0, 10));
  });

  it('counts past the 1,000 results paging reaches', () => {
    const many = Array.from({ length: 1_200 }, (_, i) =>
      aTool()
        .inCategory(i % 3 === 0 ? 'Big' : 'Small')
        .describedAs('Shared wombat.'),
    );
    const big = SearchIndex.build(many.map((tool) => tool.build()));
    expect(big.categoryFacets(keywordsOf('wombat'))).toEqual([
      { name: 'Small', count: 800 },
      { name: 'Big', count: 400 },
    ]);
  });
});

describe('SearchIndex.suggest', () => {
  const index = indexOf(
    aTool().named('Flyway').inCategory('Databases').describedAs('PostgreSQL migrations.'),
    aTool().named('Sqitch').inCategory('Databases').describedAs('Postgres change management.'),
    aTool()
      .named('Kubectl')
      .inCategory('Infrastructure')
      .describedAs('Kubernetes from the shell.')
      .withReviews(aReview().withLikes('Deploys to kubernetes quickly.')),
  );
  const suggest = (q: string, category?: string) =>
    index.suggest({ keywords: keywordsOf(q), category });

  it('suggests a spelling with one typo (a transposition) for a word of 5 to 8 characters', () => {
    expect(suggest('postgrse')).toEqual([{ q: 'postgres', total: 2 }]);
  });

  it('allows two typos from 9 characters on and none under 5', () => {
    expect(suggest('kuberentse')).toEqual([{ q: 'kubernetes', total: 1 }]);
    expect(suggest('flywya')).toEqual([{ q: 'flyway', total: 1 }]);
    expect(suggest('flyx')).toEqual([]);
  });

  it('keeps the keywords that match and corrects the one that does not', () => {
    expect(suggest('postgres migratoins')).toEqual([{ q: 'postgres migrations', total: 1 }]);
  });

  it('checks each suggestion in the category asked for', () => {
    expect(suggest('kuberentse', 'Databases')).toEqual([]);
    expect(suggest('postgrse', 'Databases')).toEqual([{ q: 'postgres', total: 2 }]);
  });

  it('offers at most three, each found by the search it names', () => {
    const wide = indexOf(
      ...['alpha', 'alphb', 'alphc', 'alphd', 'alphe'].map((word) =>
        aTool().describedAs(`${word} tool`),
      ),
    );
    const suggestions = wide.suggest({ keywords: keywordsOf('alphz') });
    expect(suggestions).toHaveLength(3);
    for (const { q, total } of suggestions) {
      expect(wide.search({ keywords: keywordsOf(q) }).total).toBe(total);
      expect(total).toBeGreaterThan(0);
    }
  });

  it('suggests nothing in a category no tool has', () => {
    expect(suggest('postgrse', 'Nowhere')).toEqual([]);
  });
});
