import { type ListReviewChanges, type RequestQuota, BUCKETS } from '@reviews/application';
import { Router } from 'express';
import { sendCacheable } from '../shared/cacheable-response.js';
import { chargeQuota } from '../shared/request-quota.js';
import { toHttpError } from '../shared/use-case-errors.js';
import { ATOM_CONTENT_TYPE, REVIEW_FEED_PATH, renderAtomFeed } from './atom-feed.js';

interface ReviewFeedDeps {
  readonly listReviewChanges: ListReviewChanges;
  readonly quota: RequestQuota;
  readonly baseUrl: string;
  readonly serviceName: string;
}

/**
 * `GET /reviews/feed.xml` (docs/api.md#for-agents-and-tools-the-machine-documents): the Atom feed
 * of the 100 newest review changes. The XML depends only on the publication, so it is rendered once
 * per publication and kept.
 */
export function reviewFeedRoutes(deps: ReviewFeedDeps): Router {
  let rendered: { publicationId: string; xml: string } | undefined;
  const router = Router();
  router.get(REVIEW_FEED_PATH, async (req, res) => {
    const result = deps.listReviewChanges.execute();
    if (!result.ok) {
      await chargeQuota(deps.quota, req, res, [BUCKETS.pages]);
      throw toHttpError(result.error);
    }
    if (rendered?.publicationId !== result.value.publicationId) {
      rendered = {
        publicationId: result.value.publicationId,
        xml: renderAtomFeed(result.value, deps),
      };
    }
    await sendCacheable(req, res, rendered.xml, {
      contentType: ATOM_CONTENT_TYPE,
      beforeBody: () => chargeQuota(deps.quota, req, res, [BUCKETS.pages]),
    });
  });
  return router;
}
