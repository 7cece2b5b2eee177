import type { QuotaOutcome, RequestQuota } from '@reviews/application';
import type { Request, Response } from 'express';
import type { ServerResponse } from 'node:http';
import { clientKey } from './client-address.js';
import { HttpError } from './http-error.js';

/**
 * Charges the request to `buckets` (contract §6), sets the IETF `RateLimit-Policy` / `RateLimit`
 * headers, and rejects with 429 + `Retry-After` when a bucket is empty. Routes call it only once
 * they know a body will be sent, so a 304 costs nothing.
 */
export async function chargeQuota(
  quota: RequestQuota,
  req: Request,
  res: Response,
  buckets: readonly string[],
): Promise<void> {
  const outcome = await quota.charge(clientKey(req), buckets);
  setRateLimitHeaders(res, outcome);
  if (!outcome.allowed) throw tooManyRequests(outcome);
}

/** The 429 of a refused charge, with `Retry-After`. */
export function tooManyRequests(outcome: QuotaOutcome): HttpError {
  const retryAfter = Math.max(1, Math.ceil(outcome.retryAfterSeconds ?? 1));
  return new HttpError(
    429,
    `Too many requests from your network. Wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} before retrying.`,
    { 'Retry-After': String(retryAfter) },
  );
}

/** draft-ietf-httpapi-ratelimit-headers-11: `"api";q=60;w=60` and `"api";r=57;t=42`. */
export function setRateLimitHeaders(
  res: Pick<ServerResponse, 'setHeader'>,
  outcome: QuotaOutcome,
): void {
  if (outcome.decisions.length === 0) return;
  res.setHeader(
    'RateLimit-Policy',
    outcome.decisions.map((d) => `"${d.bucket}";q=${d.limit};w=${d.windowSeconds}`).join(', '),
  );
  res.setHeader(
    'RateLimit',
    outcome.decisions.map((d) => `"${d.bucket}";r=${d.remaining};t=${d.resetSeconds}`).join(', '),
  );
}
