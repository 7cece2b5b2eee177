import {
  categoriesByPrefix,
  countToolsByCategory,
  newestReviews,
  newestReviewsInSlices,
  toolsByCategoryInSlices,
  type CategoryCount,
  type CategoryPrefixMatches,
  type ToolReview,
} from './catalog-overview.js';
import { compareReviewsNewestFirst } from './review.js';
import type { CatalogDocument, Tool } from './tool.js';
import { ToolPrefixIndex, type ToolPrefixMatches } from './tool-prefix-index.js';
import { finished } from '../shared/slices.js';
import { SearchIndex } from '../search/search-index.js';
import {
  toolOrderParts,
  withPostings,
  type IndexedPostings,
  type SearchIndexSnapshot,
} from '../search/search-index-snapshot.js';
import type { ClosestTools, SearchRequest, SearchResultList } from '../search/search-types.js';
import type { FacetCount } from '../search/category-facets.js';
import type { SearchSuggestion } from '../search/search-suggestions.js';
import type { SearchWork } from '../search/search-cost.js';

/**
 * A publication as plain data (strings, plain objects, typed arrays), so that it can be built in
 * one thread and handed to another: `structuredClone`-able, with transferable index arrays.
 * `tools` are in publication order with their reviews already in detail order.
 */
export interface PublicationSnapshot {
  readonly id: string;
  readonly publishedAt: string;
  readonly tools: readonly Tool[];
  readonly index: SearchIndexSnapshot;
}

/**
 * Freezes a tool and its review list, as a publication holds them, and returns it. Idempotent and
 * cheap on a tool already frozen, so a caller receiving tools piece by piece (a reload handed over
 * from a worker) can freeze them as they arrive, in short slices, instead of all at once when the
 * publication is put together.
 */
export function freezeTool(tool: Tool): Tool {
  if (!Object.isFrozen(tool)) Object.freeze(Object.freeze(tool).reviews);
  return tool;
}

/**
 * The tools of a publication that arrives in pieces (a reload handed over by a worker, slice by
 * slice): each tool is frozen, listed, found by id and its reviews counted as it is added, so
 * that `Publication.fromArrivedTools` has no pass over the tools left to make. At 100k tools
 * those passes took 50–75 ms at once on the request thread, each tool read from memory the cache
 * no longer held; done as each slice arrives, they cost microseconds per slice. How many tools
 * will come need not be known before the first arrives (a reload streamed while the catalog is
 * still being read): `complete` is told.
 */
export class ArrivingTools {
  private readonly list: Tool[] = [];
  private readonly byId = new Map<string, Tool>();
  /** Per tool: the number of reviews before it; one more entry at the end. Grows by doubling. */
  private reviewStarts = new Uint32Array(1024);

  get length(): number {
    return this.list.length;
  }

  /** Adds the next tool, in publication order (frozen here, see `freezeTool`). */
  add(tool: Tool): void {
    const ordinal = this.list.length;
    if (ordinal + 1 === this.reviewStarts.length) {
      const grown = new Uint32Array(this.reviewStarts.length * 2);
      grown.set(this.reviewStarts);
      this.reviewStarts = grown;
    }
    this.list.push(freezeTool(tool));
    this.byId.set(tool.id, tool);
    this.reviewStarts[ordinal + 1] = (this.reviewStarts[ordinal] as number) + tool.reviews.length;
  }

  /** Every tool, when exactly `expected` arrived; throws otherwise. */
  complete(expected: number): ArrivedTools {
    if (this.list.length !== expected)
      throw new Error(`${this.list.length} tools arrived where ${expected} were announced.`);
    return {
      tools: Object.freeze(this.list),
      byId: this.byId,
      reviewStarts: this.reviewStarts.subarray(0, expected + 1),
    };
  }
}

/** See `Publication.prepareIndexed`. */
interface PreparedPublication {
  /** The publication, with these postings (throws when they are of another number of tools). */
  complete(postings: IndexedPostings): Publication;
}

/** What `ArrivingTools` gathered: frozen tools in order, by id, and where each one's reviews start. */
interface ArrivedTools {
  readonly tools: readonly Tool[];
  readonly byId: ReadonlyMap<string, Tool>;
  readonly reviewStarts: Uint32Array;
}

/**
 * One immutable, validated catalog as served. Built once at publish time: reviews are put in
 * detail order and the search index is built here, never per request. `id` identifies the
 * content (a fingerprint supplied by whoever read the catalog) and so changes whenever the
 * content does; response validators (ETags) and result caches hang off it.
 */
export class Publication {
  readonly tools: readonly Tool[];
  private readonly byId: ReadonlyMap<string, Tool>;
  private readonly index: SearchIndex;
  private categoryCountCache: readonly CategoryCount[] | undefined;
  private readonly newestReviewsCache = new Map<number, readonly ToolReview[]>();
  private prefixIndex: ToolPrefixIndex | undefined;
  private reviewCountCache: number | undefined;

  private constructor(
    readonly id: string,
    readonly publishedAt: string,
    tools: readonly Tool[] | ArrivedTools,
    index: (tools: readonly Tool[]) => SearchIndex,
  ) {
    if (isArrived(tools)) {
      // Frozen, listed and mapped as they arrived (`ArrivingTools`).
      this.tools = tools.tools;
      this.byId = tools.byId;
    } else {
      // Tools are owned by the publication (copied by `publish`, received by `fromSnapshot`);
      // those already frozen by whoever received them cost only the check.
      for (const tool of tools) freezeTool(tool);
      this.tools = Object.freeze([...tools]);
      this.byId = new Map(this.tools.map((tool) => [tool.id, tool]));
    }
    this.index = index(this.tools);
  }

  /**
   * `document` must already be validated (unique ids, formats, limits). With `index`, the search
   * index that an earlier `publish` of the very same document built (`snapshot().index`, e.g.
   * read back from disk) is used instead of indexing again; it throws when that index does not
   * fit the tools.
   */
  static publish(id: string, document: CatalogDocument, index?: SearchIndexSnapshot): Publication {
    return new Publication(id, document.publishedAt, publishedTools(document), (frozen) =>
      index === undefined ? SearchIndex.build(frozen) : SearchIndex.fromSnapshot(frozen, index),
    );
  }

  /**
   * `publish` with the postings of `document`'s tools built already, in document order (see
   * `IndexedPostings`: e.g. on another thread while the catalog was being read). Review order
   * changes no posting, so they may have been built before the reviews were sorted. Throws when
   * they were built over another number of tools.
   */
  static publishIndexed(
    id: string,
    document: CatalogDocument,
    postings: IndexedPostings,
  ): Publication {
    return Publication.prepareIndexed(id, document).complete(postings);
  }

  /**
   * `publishIndexed` in two steps, so that the first can run while the postings are still being
   * built elsewhere: it does everything that does not read the searched texts (copies the tools
   * with their reviews sorted, freezes, maps and orders them); `complete` adds the postings.
   */
  static prepareIndexed(id: string, document: CatalogDocument): PreparedPublication {
    const arriving = new ArrivingTools();
    for (const tool of document.tools) arriving.add(publishedTool(tool));
    const arrived = arriving.complete(document.tools.length);
    const parts = toolOrderParts(arrived.tools);
    return {
      complete: (postings) =>
        Publication.fromArrivedTools(
          { id, publishedAt: document.publishedAt, index: withPostings(parts, postings) },
          arrived,
        ),
    };
  }

  /**
   * The publication that `snapshot()` described, without sorting or indexing again (one pass
   * over the tools). Throws when the snapshot's parts do not fit together.
   */
  static fromSnapshot(snapshot: PublicationSnapshot): Publication {
    return new Publication(snapshot.id, snapshot.publishedAt, snapshot.tools, (frozen) =>
      SearchIndex.fromSnapshot(frozen, snapshot.index),
    );
  }

  /**
   * `fromSnapshot` for tools gathered by `ArrivingTools` (`snapshot` without its tools): nothing
   * is left to do per tool but what the index needs. Throws when the parts do not fit together.
   */
  static fromArrivedTools(
    snapshot: Omit<PublicationSnapshot, 'tools'>,
    arrived: ArrivedTools,
  ): Publication {
    return new Publication(snapshot.id, snapshot.publishedAt, arrived, (frozen) =>
      SearchIndex.fromSnapshot(frozen, snapshot.index, arrived.reviewStarts),
    );
  }

  /** This publication as plain data; shares (does not copy) its tools and index arrays. */
  snapshot(): PublicationSnapshot {
    return {
      id: this.id,
      publishedAt: this.publishedAt,
      tools: this.tools,
      index: this.index.snapshot(),
    };
  }

  findTool(id: string): Tool | undefined {
    return this.byId.get(id);
  }

  search(request: SearchRequest): SearchResultList {
    return this.index.search(request);
  }

  /** See `SearchIndex.plannedWork` (docs/api.md#what-a-search-costs). */
  plannedSearchWork(
    request: SearchRequest,
    options: { facets: boolean; limit: number; offset?: number },
  ): SearchWork {
    return this.index.plannedWork(request, options);
  }

  /** See `SearchIndex.categoryFacets` (docs/api.md#facets). */
  categoryFacets(keywords: readonly string[]): readonly FacetCount[] {
    return this.index.categoryFacets(keywords);
  }

  /** See `SearchIndex.closest` (docs/api.md#the-closest-tools). */
  closest(request: SearchRequest, limit: number): ClosestTools {
    return this.index.closest(request, limit);
  }

  /** See `SearchIndex.suggest` (docs/api.md#did-you-mean). */
  suggest(request: SearchRequest): readonly SearchSuggestion[] {
    return this.index.suggest(request);
  }

  /**
   * Computes, ahead of any request, what the publication's reads would otherwise compute on first
   * use (docs/performance.md#after-a-publication): the review count, the categories, the
   * `newestReviews` newest reviews, the tool completion index, the browse facets and what
   * excerpts learn of each review text. It yields after about every `slice` tools, keys or
   * reviews, so that whoever drives it (the publish use case, before the publication goes live)
   * lets requests be answered between slices.
   */
  *preparation(options: { newestReviews: number; slice: number }): Generator<void, void> {
    const { slice } = options;
    let reviews = 0;
    for (let i = 0; i < this.tools.length; i++) {
      reviews += (this.tools[i] as Tool).reviews.length;
      if ((i + 1) % slice === 0) yield;
    }
    this.reviewCountCache = reviews;
    this.categoryCountCache ??= Object.freeze(yield* toolsByCategoryInSlices(this.tools, slice));
    if (!this.newestReviewsCache.has(options.newestReviews)) {
      const newest = yield* newestReviewsInSlices(this.tools, options.newestReviews, slice);
      this.newestReviewsCache.set(options.newestReviews, Object.freeze(newest));
    }
    this.prefixIndex ??= yield* ToolPrefixIndex.inSlices(this.tools, slice);
    this.index.categoryFacets([]);
    yield* this.index.learnReviewTexts(slice);
  }

  /** Every category with its tool count, by name; computed once per publication. */
  categoryCounts(): readonly CategoryCount[] {
    this.categoryCountCache ??= Object.freeze(countToolsByCategory(this.tools));
    return this.categoryCountCache;
  }

  /**
   * At most `max` category names that begin with `prefix` (folded), by name (docs/mcp.md#completions:
   * completing a category).
   */
  categoriesByPrefix(prefix: string, max: number): CategoryPrefixMatches {
    return categoriesByPrefix(this.categoryCounts(), prefix, max);
  }

  /** The `count` newest reviews of the catalog, newest first; computed once per count. */
  newestReviews(count: number): readonly ToolReview[] {
    let cached = this.newestReviewsCache.get(count);
    if (cached === undefined) {
      cached = Object.freeze(newestReviews(this.tools, count));
      this.newestReviewsCache.set(count, cached);
    }
    return cached;
  }

  /**
   * At most `max` tools whose id or name begins with `prefix` (folded); the index behind it is
   * built by `preparation`, or on first use, once per publication (see `ToolPrefixIndex`).
   */
  toolsByPrefix(prefix: string, max: number): ToolPrefixMatches {
    this.prefixIndex ??= finished(ToolPrefixIndex.inSlices(this.tools, Infinity));
    return this.prefixIndex.match(prefix, max);
  }

  get reviewCount(): number {
    return this.reviewCountCache ?? this.tools.reduce((sum, tool) => sum + tool.reviews.length, 0);
  }
}

/**
 * `tool` as a publication holds it: a copy with its reviews in detail order (newest first). A
 * reload streamed from a worker sends its tools in this form, so that each can be compared with
 * the live publication's tool of the same id.
 */
export const publishedTool = (tool: Tool): Tool => ({
  ...tool,
  reviews: [...tool.reviews].sort(compareReviewsNewestFirst),
});

/** The tools of a publication of `document`: see `publishedTool`. */
const publishedTools = (document: CatalogDocument): Tool[] => document.tools.map(publishedTool);

const isArrived = (tools: readonly Tool[] | ArrivedTools): tools is ArrivedTools =>
  !Array.isArray(tools);
