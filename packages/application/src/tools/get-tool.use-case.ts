import {
  DEFAULT_PAGE_LIMIT,
  err,
  ok,
  pageWindow,
  type PageError,
  type Result,
} from '@reviews/domain';
import type { LivePublication } from '../catalog/live-publication.js';
import type { GetToolInput } from '../schemas/tool-inputs.schemas.js';
import type { DetailResultBody } from '../schemas/tool.schemas.js';
import {
  catalogUnavailable,
  offsetOf,
  toolNotFound,
  type CatalogUnavailableError,
  type ToolNotFoundError,
} from './read-errors.js';
import type { ServiceProfile } from './service-profile.js';
import { ToolPresenter } from './tool-presenter.js';

export type GetToolError = ToolNotFoundError | PageError | CatalogUnavailableError;

/**
 * One tool with a page of its reviews, newest first, and its stacks record
 * (docs/api.md#paging). Paging follows the same depth rule as search.
 */
export class GetTool {
  private readonly presenter: ToolPresenter;

  constructor(
    private readonly live: LivePublication,
    private readonly profile: ServiceProfile,
  ) {
    this.presenter = new ToolPresenter(profile.baseUrl);
  }

  execute(input: GetToolInput): Result<DetailResultBody, GetToolError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());

    const tool = publication.findTool(input.id);
    if (tool === undefined) return err(toolNotFound(input.id));

    const window = pageWindow(
      tool.reviews.length,
      offsetOf(input.cursor),
      input.limit ?? DEFAULT_PAGE_LIMIT,
    );
    if (!window.ok) return window;
    const { start, end, nextCursor } = window.value;

    return ok({
      schemaVersion: 1,
      tool: this.presenter.tool(tool),
      reviews: tool.reviews
        .slice(start, end)
        .map((review) => this.presenter.review(tool.id, review)),
      nextCursor: nextCursor === null ? null : String(nextCursor),
      stacks:
        tool.stacks === null
          ? null
          : { ...tool.stacks, tags: tool.stacks.tags.map((tag) => ({ ...tag })) },
      historicalNotice: this.profile.historicalNotice,
      rights: this.profile.rights,
    });
  }
}
