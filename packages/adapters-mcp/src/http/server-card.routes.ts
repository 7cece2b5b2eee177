import { BUCKETS } from '@reviews/application';
import {
  applyCharge,
  errorBody,
  isNotModified,
  sendJsonError,
  sendNotModified,
  strongETag,
  validatorHeaders,
} from '@reviews/http-common';
import type { Request, RequestHandler } from 'express';
import type { McpCharge } from './mcp-quota.js';
import { SERVER_CARD_MEDIA_TYPE, serverCard } from './server-card.js';

/** The card changes only with a deployment: an hour of caching is plenty. */
export const SERVER_CARD_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Serves the server card with a strong ETag that names its coding (`encodingOf`), `Cache-Control`
 * and 304 on a matching `If-None-Match` (weak comparison, lists, `*`), with the 200's `Vary`. A
 * discovery document: a 200 costs one unit of the `pages` bucket (docs/api.md#limits); a 304 is
 * free.
 */
export function serverCardHandler(
  baseUrl: string,
  charge: McpCharge,
  encodingOf: (req: Request) => string,
): RequestHandler {
  const payload = Buffer.from(JSON.stringify(serverCard(baseUrl)));
  const identity = payload.toString('utf8');

  return async (req, res) => {
    const etag = strongETag(identity, encodingOf(req));
    if (isNotModified(req.get('If-None-Match'), etag)) {
      sendNotModified(res, etag, SERVER_CARD_CACHE_CONTROL);
      return;
    }
    const refusal = applyCharge(await charge(req, [BUCKETS.pages]), (name, value) =>
      res.setHeader(name, value),
    );
    if (refusal !== undefined) {
      sendJsonError(res, refusal.status, errorBody(refusal.message), refusal.headers);
      return;
    }
    // end, not send: Express's own freshness check must not stand in for the comparison above.
    res
      .status(200)
      .set(validatorHeaders(etag, SERVER_CARD_CACHE_CONTROL))
      .set({ 'Content-Type': SERVER_CARD_MEDIA_TYPE, 'Content-Length': String(payload.length) })
      .end(payload);
  };
}
