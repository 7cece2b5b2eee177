import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** Responses that change only with a publication may be kept for five minutes (contract §5). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

/** A strong validator computed from the exact bytes sent, so it changes whenever they do. */
export function strongETag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * RFC 9110 §13.1.2: `If-None-Match` is a list of entity tags (or `*`); comparison is weak, so
 * `W/"x"` matches `"x"`.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === opaque);
}

export interface CacheableOptions {
  readonly contentType: string;
  readonly cacheControl?: string;
  /** Runs only when a body will be sent (not for a 304): where the rate-limit quota is charged. */
  readonly beforeBody?: () => Promise<void>;
  /** Further headers of both the 200 and the 304 (`Link`, `Content-Security-Policy`, …). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Sends `payload` (already serialised) with its ETag and cache headers, or 304 with no body when
 * the client's copy is current (contract §5).
 */
export async function sendCacheable(
  req: Request,
  res: Response,
  payload: string,
  options: CacheableOptions,
): Promise<void> {
  const etag = strongETag(payload);
  const cacheControl = options.cacheControl ?? PUBLIC_CACHE_CONTROL;
  res.set({ 'X-Content-Type-Options': 'nosniff', ...options.headers });
  if (ifNoneMatchHits(req.get('If-None-Match'), etag)) {
    res.status(304).set({ ETag: etag, 'Cache-Control': cacheControl }).end();
    return;
  }
  await options.beforeBody?.();
  // res.end, not res.send: Express's own freshness check must not answer 304 behind our back;
  // the comparison above is the one the contract specifies and the one the tests exercise.
  res
    .status(200)
    .set({
      ETag: etag,
      'Cache-Control': cacheControl,
      'Content-Length': String(Buffer.byteLength(payload)),
    })
    .type(options.contentType);
  res.end(payload);
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
