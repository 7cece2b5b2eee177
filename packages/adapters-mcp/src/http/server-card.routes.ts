import type { RequestQuota } from '@reviews/application';
import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { retryAfterOf, setRateLimitHeaders, tooManyRequests } from './mcp-quota.js';
import { SERVER_CARD_MEDIA_TYPE, serverCard } from './server-card.js';

/** The card changes only with a deployment: an hour of caching is plenty. */
export const SERVER_CARD_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Serves the server card with a strong ETag, `Cache-Control` and 304 on a matching
 * `If-None-Match` (weak comparison, lists, `*`). A discovery document: a 200 costs one unit of
 * the `pages` bucket (contract §6); a 304 is free.
 */
export function serverCardHandler(
  baseUrl: string,
  quota: RequestQuota,
  clientKeyOf: (req: Request) => string,
): RequestHandler {
  const payload = Buffer.from(JSON.stringify(serverCard(baseUrl)));
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;

  return async (req, res) => {
    res.set({ ETag: etag, 'Cache-Control': SERVER_CARD_CACHE_CONTROL });
    if (ifNoneMatchHits(req.get('If-None-Match'), etag)) {
      res.status(304).end();
      return;
    }
    const outcome = await quota.charge(clientKeyOf(req), ['pages']);
    setRateLimitHeaders(res, outcome);
    if (!outcome.allowed) {
      const retryAfterSeconds = retryAfterOf(outcome);
      res.removeHeader('ETag');
      res.removeHeader('Cache-Control');
      res.status(429).set('Retry-After', String(retryAfterSeconds));
      res.json({ error: tooManyRequests(retryAfterSeconds) });
      return;
    }
    // end, not send: Express's own freshness check must not stand in for the comparison above.
    res
      .status(200)
      .set({ 'Content-Type': SERVER_CARD_MEDIA_TYPE, 'Content-Length': String(payload.length) })
      .end(payload);
  };
}

/** RFC 9110 §13.1.2: a list of entity tags or `*`, compared weakly. */
function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag);
}
