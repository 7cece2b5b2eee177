import { z } from 'zod';

/**
 * The headers the API's responses carry (docs/api.md#every-response, docs/api.md#limits), as zod
 * objects for zod-openapi's `headers`. Each response declares exactly the ones it sends; `required`
 * marks those sent every time (the rate-limit pair is absent only when no bucket applies, so it is
 * optional).
 */
const requestId = z
  .string()
  .meta({ description: 'Your X-Request-Id when it was 1–128 of [A-Za-z0-9._-], else a new id.' });
const rateLimitPolicy = z.string().meta({
  description:
    'IETF RateLimit-Policy: the buckets this request counts in, e.g. `"api";q=60;w=60, "search";q=30;w=60`.',
});
const rateLimit = z.string().meta({
  description:
    'IETF RateLimit: what is left of each bucket and when it refills, e.g. `"api";r=57;t=42`.',
});
const etag = z.string().meta({
  description: 'Strong validator of this body: send it back in If-None-Match to get a 304.',
});
const cacheControl = z.string().meta({ description: '`public, max-age=300`.' });
const serverTiming = z
  .string()
  .meta({ description: 'How long the search or lookup took, e.g. `use-case;dur=0.412`.' });
const retryAfter = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .meta({ description: 'Whole seconds to wait before retrying.' });
const allow = z
  .string()
  .meta({ description: 'The methods this path takes: `GET, HEAD, OPTIONS`.' });

const traced = { 'X-Request-Id': requestId };
const counted = {
  ...traced,
  'RateLimit-Policy': rateLimitPolicy.optional(),
  RateLimit: rateLimit.optional(),
};

export const RESPONSE_HEADERS = {
  /** 200 of search and detail. */
  readOk: z.object({
    ...counted,
    ETag: etag,
    'Cache-Control': cacheControl,
    'Server-Timing': serverTiming,
  }),
  /** 304: nothing was charged, so no rate-limit headers. */
  notModified: z.object({ ...traced, ETag: etag, 'Cache-Control': cacheControl }),
  /** Any other answer that was counted against a bucket. */
  counted: z.object(counted),
  /** 405. */
  notAllowed: z.object({ ...counted, Allow: allow }),
  /** 429, and 503 (retry later). */
  retryLater: z.object({ ...counted, 'Retry-After': retryAfter }),
  /** 503 of signup: Retry-After when a retry can help. */
  maybeRetryLater: z.object({ ...counted, 'Retry-After': retryAfter.optional() }),
  /** A document: cacheable and counted. */
  documentOk: z.object({ ...counted, ETag: etag, 'Cache-Control': cacheControl }),
} as const;
