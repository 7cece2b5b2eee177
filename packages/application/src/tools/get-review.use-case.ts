import { err, ok, type Result } from '@reviews/domain';
import type { LivePublication } from '../catalog/live-publication.js';
import type { ReviewBody, Rights, ToolBody } from '../schemas/tool.schemas.js';
import {
  catalogUnavailable,
  reviewNotFound,
  toolNotFound,
  type CatalogUnavailableError,
  type ReviewNotFoundError,
  type ToolNotFoundError,
} from './read-errors.js';
import type { ServiceProfile } from './service-profile.js';
import { ToolPresenter } from './tool-presenter.js';

interface GetReviewInput {
  readonly toolId: string;
  readonly reviewId: string;
}

/** One review with its tool: what a review's permanent address (its citation `url`) shows. */
export interface ReviewPage {
  readonly tool: ToolBody;
  readonly review: ReviewBody;
  readonly historicalNotice: string;
  readonly rights: Rights;
}

export type GetReviewError = ToolNotFoundError | ReviewNotFoundError | CatalogUnavailableError;

/**
 * The review a citation points to (docs/api.md#every-response:
 * `{base}/tools/{toolId}/reviews/{reviewId}`).
 */
export class GetReview {
  private readonly presenter: ToolPresenter;

  constructor(
    private readonly live: LivePublication,
    private readonly profile: ServiceProfile,
  ) {
    this.presenter = new ToolPresenter(profile.baseUrl);
  }

  execute(input: GetReviewInput): Result<ReviewPage, GetReviewError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());
    const tool = publication.findTool(input.toolId);
    if (tool === undefined) return err(toolNotFound(input.toolId));
    const review = tool.reviews.find((candidate) => candidate.id === input.reviewId);
    if (review === undefined) return err(reviewNotFound(input.toolId, input.reviewId));
    return ok({
      tool: this.presenter.tool(tool),
      review: this.presenter.review(tool.id, review),
      historicalNotice: this.profile.historicalNotice,
      rights: this.profile.rights,
    });
  }
}
