import { type RequestQuota, BUCKETS } from '@reviews/application';
import {
  errorBody,
  ifNoneMatchHits,
  quotaRefusal,
  rateLimitHeaders,
  strongETag,
} from '@reviews/http-common';
import type { Request, RequestHandler } from 'express';

import { SERVER_CARD_MEDIA_TYPE, serverCard } from './server-card.js';

/** The card changes only with a deployment: an hour of caching is plenty. */
export const SERVER_CARD_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Serves the server card with a strong ETag, `Cache-Control` and 304 on a matching
 * `If-None-Match` (weak comparison, lists, `*`). A discovery document: a 200 costs one unit of
 * the `pages` bucket (docs/api.md#limits); a 304 is free.
 */
export function serverCardHandler(
  baseUrl: string,
  quota: RequestQuota,
  clientKeyOf: (req: Request) => string,
): RequestHandler {
  const payload = Buffer.from(JSON.stringify(serverCard(baseUrl)));
  const etag = strongETag(payload);

  return async (req, res) => {
    res.set({ ETag: etag, 'Cache-Control': SERVER_CARD_CACHE_CONTROL });
    if (ifNoneMatchHits(req.get('If-None-Match'), etag)) {
      res.status(304).end();
      return;
    }
    const outcome = await quota.charge(clientKeyOf(req), [BUCKETS.pages]);
    res.set(rateLimitHeaders(outcome));
    if (!outcome.allowed) {
      const refusal = quotaRefusal(outcome.retryAfterSeconds);
      res.removeHeader('ETag');
      res.removeHeader('Cache-Control');
      res.status(refusal.status).set(refusal.headers);
      res.json(errorBody(refusal.message));
      return;
    }
    // end, not send: Express's own freshness check must not stand in for the comparison above.
    res
      .status(200)
      .set({ 'Content-Type': SERVER_CARD_MEDIA_TYPE, 'Content-Length': String(payload.length) })
      .end(payload);
  };
}
