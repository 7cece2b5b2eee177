import { err, newestReviewChanges, ok, type Publication, type Result } from '@reviews/domain';
import type { ReviewBody, Rights, ToolBody } from '../schemas/tool.schemas.js';
import type { CatalogUnavailableError } from '../tools/read-errors.js';
import { catalogUnavailable } from '../tools/read-errors.js';
import type { ServiceProfile } from '../tools/service-profile.js';
import { ToolPresenter } from '../tools/tool-presenter.js';
import type { LivePublication } from './live-publication.js';

/**
 * How many changes the review feed carries
 * (docs/api.md#for-agents-and-tools-the-machine-documents).
 */
export const REVIEW_FEED_SIZE = 100;

/** One entry of the review feed: the review as it last changed and its tool, with addresses. */
export interface ReviewChangeBody {
  readonly tool: ToolBody;
  readonly review: ReviewBody;
}

/** The review feed of the live publication. */
export interface ReviewChanges {
  /** Changes exactly when the publication does: a cache key for whatever renders this. */
  readonly publicationId: string;
  readonly publishedAt: string;
  readonly historicalNotice: string;
  readonly rights: Rights;
  /** The `REVIEW_FEED_SIZE` most recent changes by `updatedAt`, newest first. */
  readonly changes: readonly ReviewChangeBody[];
}

/**
 * The latest review changes (`/reviews/feed.xml`): which reviews, in which order, with which
 * addresses. The selection is the domain's; it runs once per publication (publications are
 * immutable), so a feed request costs a lookup.
 */
export class ListReviewChanges {
  private readonly presenter: ToolPresenter;
  private readonly computed = new WeakMap<Publication, readonly ReviewChangeBody[]>();

  constructor(
    private readonly live: LivePublication,
    private readonly profile: ServiceProfile,
  ) {
    this.presenter = new ToolPresenter(profile.baseUrl);
  }

  execute(): Result<ReviewChanges, CatalogUnavailableError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());
    return ok({
      publicationId: publication.id,
      publishedAt: publication.publishedAt,
      historicalNotice: this.profile.historicalNotice,
      rights: this.profile.rights,
      changes: this.changesOf(publication),
    });
  }

  private changesOf(publication: Publication): readonly ReviewChangeBody[] {
    let changes = this.computed.get(publication);
    if (changes === undefined) {
      changes = newestReviewChanges(publication.tools, REVIEW_FEED_SIZE).map(
        ({ tool, review }) => ({
          tool: this.presenter.tool(tool),
          review: this.presenter.review(tool.id, review),
        }),
      );
      this.computed.set(publication, changes);
    }
    return changes;
  }
}
