import { ifNoneMatchHits, strongETag } from '@reviews/http-common';
import type { Request, Response } from 'express';
import { negotiatedEncoding } from './compression.js';

/**
 * Responses that change only with a publication may be kept for five minutes
 * (docs/api.md#caching-and-etags).
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The headers a 200 and its 304 share (docs/api.md#caching-and-etags: a 304 carries the 200's
 * `Vary`).
 */
export function validatorHeaders(etag: string, cacheControl = PUBLIC_CACHE_CONTROL) {
  return { ETag: etag, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
}

/** 304, no body, the validator headers of the 200 it stands for. */
export function sendNotModified(res: Response, etag: string, cacheControl?: string): void {
  res.status(304).set(validatorHeaders(etag, cacheControl)).end();
}

/**
 * 200 with `payload` (already serialised) and its validator headers. `res.end`, not `res.send`:
 * Express's own freshness check must not answer 304 behind our back; our comparison is the one
 * the contract specifies and the one the tests exercise.
 */
function sendWithETag(
  res: Response,
  payload: string,
  options: { etag: string; contentType: string; cacheControl?: string },
): void {
  res
    .status(200)
    .set({
      ...validatorHeaders(options.etag, options.cacheControl),
      'Content-Length': String(Buffer.byteLength(payload)),
    })
    .type(options.contentType);
  res.end(payload);
}

interface CacheableOptions {
  readonly contentType: string;
  readonly cacheControl?: string;
  /** Runs only when a body will be sent (not for a 304): where the rate-limit quota is charged. */
  readonly beforeBody?: () => Promise<void>;
  /** Further headers of both the 200 and the 304 (`Link`, `Content-Security-Policy`, …). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Sends `payload` (already serialised) with its ETag and cache headers, or 304 with no body when
 * the client's copy is current (docs/api.md#caching-and-etags). For bodies that already exist
 * (documents built at start); the read API decides its 304s before doing any work instead.
 */
export async function sendCacheable(
  req: Request,
  res: Response,
  payload: string,
  options: CacheableOptions,
): Promise<void> {
  const etag = strongETag(payload, negotiatedEncoding(req));
  if (options.headers !== undefined) res.set(options.headers);
  if (ifNoneMatchHits(req.get('If-None-Match'), etag)) {
    sendNotModified(res, etag, options.cacheControl);
    return;
  }
  await options.beforeBody?.();
  sendWithETag(res, payload, { etag, ...options });
}
