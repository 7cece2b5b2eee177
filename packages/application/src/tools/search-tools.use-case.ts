import {
  DEFAULT_PAGE_LIMIT,
  err,
  excerptHighlights,
  ok,
  pageWindow,
  parseSearchQuery,
  searchUnits,
  type PageError,
  type QueryError,
  type Result,
} from '@reviews/domain';
import type { LivePublication } from '../catalog/live-publication.js';
import type { SearchToolsInput } from '../schemas/tool-inputs.schemas.js';
import type { SearchResultBody } from '../schemas/tool.schemas.js';
import { catalogUnavailable, offsetOf, type CatalogUnavailableError } from './read-errors.js';
import type { ServiceProfile } from './service-profile.js';
import { ToolPresenter } from './tool-presenter.js';

export type SearchToolsError = QueryError | PageError | CatalogUnavailableError;

/**
 * Finds tools by keywords and/or category, or browses them (docs/api.md#search-rules-in-short). The
 * input is already shape-checked by the adapter (lengths, limit range, cursor digits); the rules
 * that need the domain — keywords, depth — are checked here. The body is the public one, identical
 * for REST and MCP.
 */
export class SearchTools {
  private readonly presenter: ToolPresenter;

  constructor(
    private readonly live: LivePublication,
    private readonly profile: ServiceProfile,
  ) {
    this.presenter = new ToolPresenter(profile.baseUrl);
  }

  /**
   * Units of the `search` bucket that `execute(input)` costs (docs/api.md#what-a-search-costs):
   * the one rule every search route charges by, from the work the index plans for it, before any
   * of that work is done. Input the use case refuses costs one unit, as it computes nothing.
   */
  cost(input: SearchToolsInput): number {
    const publication = this.live.current();
    const keywords = parseSearchQuery(input.q);
    if (publication === undefined || !keywords.ok) return 1;
    const work = publication.plannedSearchWork(
      { keywords: keywords.value, category: input.category },
      {
        facets: input.facets?.includes('category') === true,
        limit: input.limit ?? DEFAULT_PAGE_LIMIT,
        offset: offsetOf(input.cursor),
      },
    );
    return searchUnits(work);
  }

  execute(input: SearchToolsInput): Result<SearchResultBody, SearchToolsError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());

    const keywords = parseSearchQuery(input.q);
    if (!keywords.ok) return keywords;
    const request = { keywords: keywords.value, category: input.category };
    const results = publication.search(request);

    const window = pageWindow(
      results.total,
      offsetOf(input.cursor),
      input.limit ?? DEFAULT_PAGE_LIMIT,
    );
    if (!window.ok) return window;
    const { start, end, nextCursor } = window.value;

    const items = results.hits(start, end).map((hit) => this.presenter.searchItem(hit));
    // Only where no tool matches every keyword, never on a page past the end of results
    // (docs/api.md#the-closest-tools).
    const nothingMatched = results.total === 0 && request.keywords.length > 0;
    const closestTools = nothingMatched
      ? publication
          .closest(request, input.limit ?? DEFAULT_PAGE_LIMIT)
          .hits.map((hit) => this.presenter.closestTool(hit))
      : undefined;
    if (input.highlight === true) {
      // Highlights read the finished excerpts of this page only (docs/api.md#highlights).
      for (const item of [...items, ...(closestTools ?? [])]) {
        if (item.excerpt === undefined) continue;
        item.excerptHighlights = excerptHighlights(item.excerpt, request.keywords).map(
          ([from, to]) => [from, to],
        );
        for (const tag of item.matchedStackTags ?? []) {
          tag.labelHighlights = excerptHighlights(tag.label, request.keywords).map(([from, to]) => [
            from,
            to,
          ]);
        }
      }
    }
    return ok({
      schemaVersion: 1,
      items,
      nextCursor: nextCursor === null ? null : String(nextCursor),
      // Opt-in (docs/api.md#facets): without the parameter, no counting.
      ...(input.facets?.includes('category') === true
        ? {
            facets: {
              category: publication
                .categoryFacets(request.keywords)
                .map(({ name, count }) => ({ name, count })),
            },
          }
        : undefined),
      // Only where the search found nothing at all, never on a page past the end of results.
      ...(nothingMatched
        ? { suggestions: publication.suggest(request).map(({ q, total }) => ({ q, total })) }
        : undefined),
      ...(closestTools === undefined ? undefined : { closestTools }),
      historicalNotice: this.profile.historicalNotice,
      rights: this.profile.rights,
    });
  }
}
