import {
  DEFAULT_PAGE_LIMIT,
  err,
  ok,
  pageWindow,
  parseSearchQuery,
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

  execute(input: SearchToolsInput): Result<SearchResultBody, SearchToolsError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());

    const keywords = parseSearchQuery(input.q);
    if (!keywords.ok) return keywords;
    const results = publication.search({ keywords: keywords.value, category: input.category });

    const window = pageWindow(
      results.total,
      offsetOf(input.cursor),
      input.limit ?? DEFAULT_PAGE_LIMIT,
    );
    if (!window.ok) return window;
    const { start, end, nextCursor } = window.value;

    return ok({
      schemaVersion: 1,
      items: results.hits(start, end).map((hit) => this.presenter.searchItem(hit)),
      nextCursor: nextCursor === null ? null : String(nextCursor),
      historicalNotice: this.profile.historicalNotice,
      rights: this.profile.rights,
    });
  }
}
