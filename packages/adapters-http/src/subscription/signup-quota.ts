import { BUCKETS } from '@reviews/application';
import type { RequestQuota } from '@reviews/application';
import { rateLimitHeaders } from '@reviews/http-common';
import type { Request, Response } from 'express';
import { clientKey } from '../shared/client-address.js';
import { chargeRequest } from '../shared/request-quota.js';
import { signupLimitFailure } from './signup-errors.js';
import type { SignupFailure } from './signup-errors.js';

/**
 * Charges a signup POST to the `signup` bucket of its client (docs/api.md#limits) and sets the
 * `RateLimit-Policy` / `RateLimit` headers. Called before the body is read or validated,
 * because every POST counts, valid or not. Returns the 429 answer when the bucket is empty.
 */
export async function chargeSignup(
  quota: RequestQuota,
  req: Request,
  res: Response,
): Promise<SignupFailure | null> {
  const outcome = await chargeRequest(quota, req, clientKey(req), [BUCKETS.signup]);
  res.set(rateLimitHeaders(outcome));
  return outcome.allowed ? null : signupLimitFailure(outcome.retryAfterSeconds);
}
