import { isNotModified, sendNotModified, strongETag, validatorHeaders } from '@reviews/http-common';
import type { Request, Response } from 'express';
import { negotiatedEncoding } from './compression.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

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
  /**
   * The ETag, when it follows from what the payload is made of (a page's `PageValidator`)
   * rather than from its bytes.
   */
  readonly etag?: string;
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
  const etag = options.etag ?? strongETag(payload, negotiatedEncoding(req));
  if (options.headers !== undefined) res.set(options.headers);
  if (isNotModified(req.get('If-None-Match'), etag)) {
    sendNotModified(res, etag, options.cacheControl);
    return;
  }
  await options.beforeBody?.();
  sendWithETag(res, payload, { ...options, etag });
}
