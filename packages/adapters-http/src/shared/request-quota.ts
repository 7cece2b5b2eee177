import type { BucketName, ChargedUnits, QuotaOutcome, RequestQuota } from '@reviews/application';
import { applyCharge } from '@reviews/http-common';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { clientKey } from './client-address.js';
import { HttpError } from './http-error.js';
import { chargedKeyFor, quotaFor } from './warm-up-requests.js';

/**
 * Charges the request to `buckets` (docs/api.md#limits), sets the IETF `RateLimit-Policy` /
 * `RateLimit` headers, and rejects with 429 + `Retry-After` when a bucket is empty. Routes call it
 * only once they know a body will be sent, so a 304 costs nothing. The server's own warm-up
 * requests (before it listens) are charged to the warm-up's own quota, never to a client's bucket.
 */
export async function chargeQuota(
  quota: RequestQuota,
  req: Request,
  res: Response,
  buckets: readonly BucketName[],
  units?: ChargedUnits,
): Promise<void> {
  const outcome = await chargeRequest(quota, req, clientKey(req), buckets, units);
  const refusal = applyCharge(outcome, (name, value) => res.setHeader(name, value));
  if (refusal !== undefined) throw new HttpError(refusal.status, refusal.message, refusal.headers);
}

/**
 * The charge of every path (Express's routes through `chargeQuota`, the cached reads, the MCP
 * routes through `requestCharger`): `req` counted in `buckets` under `clientKey`, or, for the
 * server's own warm-up requests, in the warm-up's quota under its connection's key. The outcome
 * gives the `RateLimit` headers and, when refused, the 429 (`applyCharge`).
 */
export function chargeRequest(
  quota: RequestQuota,
  req: IncomingMessage,
  clientKey: string,
  buckets: readonly BucketName[],
  units?: ChargedUnits,
): Promise<QuotaOutcome> {
  return quotaFor(req, quota).charge(chargedKeyFor(req, clientKey), buckets, units);
}

/**
 * `chargeRequest` under `keyOf`'s key, for a driving adapter beside this one: `clientKeyOf`, the
 * rule Express's `req.ip` (and so `clientKey`) follows, which also serves requests answered
 * before Express.
 */
export function requestCharger(
  quota: RequestQuota,
  keyOf: (req: IncomingMessage) => string = clientKey,
): (
  req: IncomingMessage,
  buckets: readonly BucketName[],
  units?: ChargedUnits,
) => Promise<QuotaOutcome> {
  return (req, buckets, units) => chargeRequest(quota, req, keyOf(req), buckets, units);
}
