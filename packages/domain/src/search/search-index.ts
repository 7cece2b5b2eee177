import type { Tool } from '../catalog/tool.js';
import { KeywordMatcher, type ToolFilter } from './keyword-matcher.js';
import { LruCache } from '../shared/lru-cache.js';
import { ReviewTextFacts } from './review-text-facts.js';
import type { MergedPostings } from './prefix-shortcuts.js';
import { buildSearchIndexSnapshot, type SearchIndexSnapshot } from './search-index-snapshot.js';
import { OrdinalResultList } from './search-result-list.js';
import type { ClosestHit, ClosestTools, SearchRequest, SearchResultList } from './search-types.js';
import { ClosestToolsFinder, type ClosestMatch } from './closest-tools.js';
import { toolExcerpt } from './tool-excerpt.js';
import { TermDictionary } from './term-dictionary.js';
import { facetCounts, type FacetCount } from './category-facets.js';
import { suggestQueries, type SearchSuggestion } from './search-suggestions.js';
import { MAX_PAGE_DEPTH, MAX_PAGE_LIMIT } from '../paging/page-window.js';
import type { SearchWork } from './search-cost.js';

/** Result lists kept per index: enough for the popular queries, bounded in ordinals held. */
const CACHED_LISTS = 2_048;
const CACHED_ORDINALS = 4_000_000;
/** Facet counts kept per index, by keywords: small, one entry per category each. */
const CACHED_FACETS = 1_024;
/** "Did you mean" answers kept per index, by request: a few queries each. */
const CACHED_SUGGESTIONS = 1_024;
/** Closest tools kept per index, by category and keywords: one page each. */
const CACHED_CLOSEST = 1_024;

/**
 * The search engine of one publication (docs/api.md#search-rules-in-short): an inverted index over
 * every searched text, the query-independent orders, and a cache of recent result lists. Built once
 * and never changed, so a result list can be cached for as long as the index lives.
 */
export class SearchIndex {
  private readonly cache = new LruCache<SearchResultList>(CACHED_LISTS, CACHED_ORDINALS);
  private readonly facetCache = new LruCache<readonly FacetCount[]>(CACHED_FACETS, CACHED_FACETS);
  private readonly suggestionCache = new LruCache<readonly SearchSuggestion[]>(
    CACHED_SUGGESTIONS,
    CACHED_SUGGESTIONS,
  );
  private browseFacets: readonly FacetCount[] | undefined;
  private readonly closestCache = new LruCache<ClosestHit[]>(CACHED_CLOSEST, CACHED_CLOSEST);
  private readonly closestFinder: ClosestToolsFinder;

  private constructor(
    private readonly tools: readonly Tool[],
    private readonly matcher: KeywordMatcher,
    private readonly categoryIds: ReadonlyMap<string, number>,
    private readonly categoryOf: Int32Array,
    /** Browse lists: all tools under the key `null`, then one per category id. */
    private readonly browseLists: ReadonlyMap<number | null, SearchResultList>,
    private readonly parts: SearchIndexSnapshot,
    private readonly textFacts: ReviewTextFacts,
    private readonly dictionary: TermDictionary,
  ) {
    this.closestFinder = new ClosestToolsFinder(
      { runsOf: (keyword) => matcher.runsOf(keyword), keywordRank: parts.keywordRank },
      tools.length,
    );
  }

  /**
   * Indexes `tools`; a tool's ordinal is its position in the array. Reviews may be in any order
   * (a Publication passes them newest first). Ids are expected to be unique, which makes every
   * order total.
   */
  static build(tools: readonly Tool[]): SearchIndex {
    return SearchIndex.fromSnapshot(tools, buildSearchIndexSnapshot(tools));
  }

  /**
   * The index over `tools` whose parts are `snapshot` (made by `build` or `snapshot()` over the
   * same tools in the same order), without indexing again: one pass over the tools, none when
   * `reviewStarts` (see `ReviewTextFacts`) comes with them. Throws when the parts do not fit
   * together.
   */
  static fromSnapshot(
    tools: readonly Tool[],
    snapshot: SearchIndexSnapshot,
    reviewStarts?: Uint32Array,
  ): SearchIndex {
    const { terms, offsets, postings, categoryNames, categoryOf } = snapshot;
    if (
      snapshot.keywordRank.length !== tools.length ||
      snapshot.browseOrder.length !== tools.length ||
      categoryOf.length !== tools.length ||
      offsets.length !== terms.length + 1 ||
      offsets[terms.length] !== postings.length ||
      snapshot.shortcuts.length !== snapshot.shortcutPrefixes.length
    ) {
      throw new Error('The search index snapshot does not fit its tools.');
    }
    const categoryIds = new Map(categoryNames.map((name, id) => [name, id]));
    const byCategory: number[][] = categoryNames.map(() => []);
    for (const ordinal of snapshot.browseOrder) {
      const id = categoryOf[ordinal] as number;
      if (id >= 0) byCategory[id]?.push(ordinal);
    }
    const browseLists = new Map<number | null, SearchResultList>();
    browseLists.set(null, new OrdinalResultList(tools, snapshot.browseOrder, tools.length, []));
    byCategory.forEach((ordinals, id) =>
      browseLists.set(
        id,
        new OrdinalResultList(tools, Uint32Array.from(ordinals), ordinals.length, []),
      ),
    );
    const shortcuts = new Map(
      snapshot.shortcutPrefixes.map((prefix, i) => [
        prefix,
        snapshot.shortcuts[i] as MergedPostings,
      ]),
    );
    const dictionary = new TermDictionary(terms);
    const matcher = new KeywordMatcher(
      {
        dictionary,
        offsets,
        entries: postings,
      },
      shortcuts,
      snapshot,
    );
    return new SearchIndex(
      tools,
      matcher,
      categoryIds,
      categoryOf,
      browseLists,
      snapshot,
      new ReviewTextFacts(tools, reviewStarts),
      dictionary,
    );
  }

  /** The parts of this index as plain data (shared, not copied): see `SearchIndexSnapshot`. */
  snapshot(): SearchIndexSnapshot {
    return this.parts;
  }

  /**
   * All tools matching `request`, totally ordered (docs/api.md#search-rules-in-short). `keywords`
   * must be folded and distinct, as `parseSearchQuery` returns them; none means browse. A category
   * that names no tool's category gives an empty list.
   */
  search(request: SearchRequest): SearchResultList {
    const filter = this.filterOf(request.category);
    if (filter === null) return EMPTY;
    if (request.keywords.length === 0)
      return this.browseLists.get(filter?.categoryId ?? null) ?? EMPTY;

    const key = listKey(request);
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const keywords = [...request.keywords];
    // Most searches ask for a first page, so only a first page of any size is ranked; a deeper
    // page ranks the list up to MAX_PAGE_DEPTH, where pages stop, and only a caller reading past
    // it ranks the rest. A list then holds at most MAX_PAGE_DEPTH ordinals on the API's paths.
    const { total, ordinals } = this.matcher.match(keywords, filter, MAX_PAGE_LIMIT);
    const list = new OrdinalResultList(
      this.tools,
      ordinals,
      total,
      keywords,
      (to) =>
        this.matcher.match(keywords, filter, to <= MAX_PAGE_DEPTH ? MAX_PAGE_DEPTH : Infinity)
          .ordinals,
      this.textFacts,
    );
    this.cache.set(key, list, list.size + 1);
    return list;
  }

  /**
   * Learns what excerpts read of every review (`ReviewTextFacts.learning`), yielding after about
   * every `slice` reviews: ahead of any search, so that the first searches after a publication do
   * not pay for it (docs/performance.md#after-a-publication).
   */
  learnReviewTexts(slice: number): Generator<void, void> {
    return this.textFacts.learning(slice);
  }

  /**
   * How many tools matching `keywords` (folded and distinct; none means every tool) are in each
   * category (docs/api.md#facets): over every match, whatever category a request filters by,
   * most frequent first, ties by name. Tools without a category are in none.
   */
  categoryFacets(keywords: readonly string[]): readonly FacetCount[] {
    const { categoryNames } = this.parts;
    if (keywords.length === 0) {
      this.browseFacets ??= facetCounts(
        categoryNames,
        categoryNames.map((_, id) => this.browseLists.get(id)?.total ?? 0),
      );
      return this.browseFacets;
    }
    const key = facetKey(keywords);
    const cached = this.facetCache.get(key);
    if (cached !== undefined) return cached;
    const counts = this.matcher.countByGroup(keywords, this.categoryOf, categoryNames.length);
    const facets = facetCounts(categoryNames, counts);
    this.facetCache.set(key, facets, 1);
    return facets;
  }

  /**
   * "Did you mean" for a keyword search that found nothing (docs/api.md#did-you-mean): other
   * spellings of its keywords, each checked to find tools in the same category.
   */
  suggest(request: SearchRequest): readonly SearchSuggestion[] {
    const filter = this.filterOf(request.category);
    if (filter === null || request.keywords.length === 0) return [];
    // Kept per publication, as result lists are: the same misspelling is corrected once.
    const key = listKey(request);
    const cached = this.suggestionCache.get(key);
    if (cached !== undefined) return cached;
    const { offsets } = this.parts;
    const suggestions = suggestQueries(request.keywords, {
      dictionary: this.dictionary,
      postingCount: (text) => {
        const { start, end } = this.dictionary.prefixRange(text);
        return (offsets[end] as number) - (offsets[start] as number);
      },
      count: (keywords) => this.matcher.count(keywords, filter),
    });
    this.suggestionCache.set(key, suggestions, 1);
    return suggestions;
  }

  /**
   * The work a search of `request` will do (docs/api.md#what-a-search-costs), planned from the
   * term dictionary and the caches: the postings of every keyword unless its list is kept (again
   * for facets not kept), each keyword in each excerpt of a page of `limit`, and, when no tool
   * matches every keyword, the closest tools unless they are kept (every keyword's postings, a
   * page of excerpts) and the keywords "did you mean" corrects unless its answer is kept. Whether
   * some tool matches every keyword is known without the matching when a keyword matches
   * nothing, or from a kept list; otherwise the plan runs the matching, which this search does
   * first anyway and which the plan charges, and keeps its list for the search that follows: so
   * what is computed when nothing matches in full is charged on the first asking too.
   */
  plannedWork(request: SearchRequest, options: { facets: boolean; limit: number }): SearchWork {
    const { keywords } = request;
    const filter = this.filterOf(request.category);
    if (filter === null || keywords.length === 0) return NO_WORK;
    const postings = keywords.map((keyword) => this.matcher.postingCount(keyword));
    const all = postings.reduce((sum, count) => sum + count, 0);
    const key = listKey(request);
    const kept = this.cache.has(key) ? this.cache.get(key) : undefined;
    const matching = kept === undefined ? all : 0;
    const facets = options.facets && !this.facetCache.has(facetKey(keywords)) ? all : 0;
    const nothing = postings.includes(0);
    const total = nothing ? 0 : (kept ?? this.search(request)).total;
    const empty = total === 0;
    const corrections = empty && !this.suggestionCache.has(key) ? keywords.length : 0;
    const hits = Math.min(options.limit, total);
    // The closest tools (docs/api.md#the-closest-tools): the union reads every keyword's postings
    // and cuts the excerpts of a page of MAX_PAGE_LIMIT, whatever `limit` shows of it.
    const closest = empty && !this.closestCache.has(closestKey(request)) ? all : 0;
    const closestHits = closest > 0 ? MAX_PAGE_LIMIT : 0;
    return {
      postings: matching + facets,
      closestPostings: closest,
      excerptScans: hits * keywords.length,
      closestExcerptScans: closestHits * keywords.length,
      corrections,
    };
  }

  /**
   * The closest tools of a keyword search that no tool matches in full
   * (docs/api.md#the-closest-tools): at most `limit` (up to a page) tools, within the request's
   * category, that match the most keywords, a rare keyword weighing more than a common one. Meant
   * for a search whose `search` list is empty; it does not check that itself.
   */
  closest(request: SearchRequest, limit: number): ClosestTools {
    const filter = this.filterOf(request.category);
    if (filter === null || request.keywords.length === 0) return { hits: [], postingsRead: 0 };
    const { keywords } = request;
    const key = closestKey(request);
    const kept = this.closestCache.get(key);
    if (kept !== undefined) return { hits: kept.slice(0, limit), postingsRead: 0 };
    const candidates =
      filter === undefined
        ? this.tools.length
        : (this.browseLists.get(filter.categoryId)?.total ?? 0);
    const found = this.closestFinder.find(keywords, filter, candidates, MAX_PAGE_LIMIT);
    const hits = found.matches.map((match) => this.closestHit(match, keywords));
    this.closestCache.set(key, hits, 1);
    return { hits: hits.slice(0, limit), postingsRead: found.postingsRead };
  }

  private closestHit({ ordinal, matched }: ClosestMatch, keywords: readonly string[]): ClosestHit {
    const tool = this.tools[ordinal] as Tool;
    const matchedKeywords = keywords.filter((_, i) => (matched & (1 << i)) !== 0);
    const facts = this.textFacts;
    const excerpt = toolExcerpt(tool, matchedKeywords, {
      isPlain: (review, source) => facts.isPlain(ordinal, review, source),
      mayHold: (review, source, bit) => facts.mayHold(ordinal, review, source, bit),
      newestFirst: () => facts.newestFirst(ordinal),
    });
    return {
      tool,
      excerpt,
      matchedKeywords,
      missingKeywords: keywords.filter((_, i) => (matched & (1 << i)) === 0),
    };
  }

  /** The filter of `category`: none without one, `null` when no tool has it. */
  private filterOf(category: string | undefined): ToolFilter | undefined | null {
    if (category === undefined) return undefined;
    const categoryId = this.categoryIds.get(category);
    return categoryId === undefined ? null : { categoryOf: this.categoryOf, categoryId };
  }
}

// Keyword order changes nothing in the result (AND; the tier is a maximum), so it is not in the key.
const listKey = (request: SearchRequest): string =>
  JSON.stringify([request.category ?? null, [...request.keywords].sort()]);
const facetKey = (keywords: readonly string[]): string => JSON.stringify([...keywords].sort());
// In the order of q: the closest tools name their matched and missing keywords in that order.
const closestKey = (request: SearchRequest): string =>
  JSON.stringify([request.category ?? null, request.keywords]);

const NO_WORK: SearchWork = {
  postings: 0,
  closestPostings: 0,
  excerptScans: 0,
  closestExcerptScans: 0,
  corrections: 0,
};

const EMPTY: SearchResultList = new OrdinalResultList([], new Uint32Array(0), 0, []);
