import { err, ok, type Result } from '@reviews/domain';
import type { LivePublication } from '../catalog/live-publication.js';
import type { ReviewBody, Rights, ToolBody } from '../schemas/tool.schemas.js';
import { catalogUnavailable, type CatalogUnavailableError } from './read-errors.js';
import type { ServiceProfile } from './service-profile.js';
import { ToolPresenter } from './tool-presenter.js';

/** How many of the newest reviews the overview lists. */
export const OVERVIEW_NEWEST_REVIEWS = 8;

/** What the front page shows: the catalog at a glance. */
export interface CatalogOverview {
  readonly publishedAt: string;
  readonly toolCount: number;
  readonly reviewCount: number;
  /** Every category with its tool count, by name. */
  readonly categories: ReadonlyArray<{ readonly name: string; readonly toolCount: number }>;
  /** The newest reviews of the catalog, newest first, each with its tool. */
  readonly newestReviews: ReadonlyArray<{ readonly tool: ToolBody; readonly review: ReviewBody }>;
  readonly historicalNotice: string;
  readonly rights: Rights;
}

/** The live catalog at a glance: categories with counts and the newest reviews (home page). */
export class GetCatalogOverview {
  private readonly presenter: ToolPresenter;

  constructor(
    private readonly live: LivePublication,
    private readonly profile: ServiceProfile,
  ) {
    this.presenter = new ToolPresenter(profile.baseUrl);
  }

  execute(): Result<CatalogOverview, CatalogUnavailableError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());
    return ok({
      publishedAt: publication.publishedAt,
      toolCount: publication.tools.length,
      reviewCount: publication.reviewCount,
      categories: publication
        .categoryCounts()
        .map(({ category, toolCount }) => ({ name: category, toolCount })),
      newestReviews: publication.newestReviews(OVERVIEW_NEWEST_REVIEWS).map(({ tool, review }) => ({
        tool: this.presenter.tool(tool),
        review: this.presenter.review(tool.id, review),
      })),
      historicalNotice: this.profile.historicalNotice,
      rights: this.profile.rights,
    });
  }
}
