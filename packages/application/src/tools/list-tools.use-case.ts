import { err, ok, type Result } from '@reviews/domain';
import type { LivePublication } from '../catalog/live-publication.js';
import type { ToolBody } from '../schemas/tool.schemas.js';
import { catalogUnavailable, type CatalogUnavailableError } from './read-errors.js';
import type { ServiceProfile } from './service-profile.js';
import { ToolPresenter } from './tool-presenter.js';

interface ListToolsInput {
  /** Position of the first tool (the previous page's `nextOffset`; 0 for the first page). */
  readonly offset: number;
  readonly limit: number;
}

/** One page of every tool of the catalog. */
interface ToolList {
  readonly tools: readonly ToolBody[];
  /** Where the next page starts; null on the last page. */
  readonly nextOffset: number | null;
}

/**
 * Every tool of the live catalog, page by page, in browse order (the most recent review first,
 * then name, then id: docs/api.md#search-rules-in-short) — with no depth limit, unlike search,
 * because a listing of resources must reach every tool (docs/mcp.md#resources). An offset past
 * the end gives an empty last page.
 */
export class ListTools {
  private readonly presenter: ToolPresenter;

  constructor(
    private readonly live: LivePublication,
    profile: ServiceProfile,
  ) {
    this.presenter = new ToolPresenter(profile.baseUrl);
  }

  execute(input: ListToolsInput): Result<ToolList, CatalogUnavailableError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());
    const browse = publication.search({ keywords: [] });
    const start = Math.min(input.offset, browse.total);
    const end = Math.min(start + input.limit, browse.total);
    return ok({
      tools: browse.hits(start, end).map((hit) => this.presenter.tool(hit.tool)),
      nextOffset: end < browse.total ? end : null,
    });
  }
}
