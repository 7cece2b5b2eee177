import { MAX_JSON_DEPTH, verifyJsonBody } from '@reviews/http-common';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { clientNetwork } from '../shared/client-address.js';
import { HttpError } from '../shared/http-error.js';
import { STORE_UNAVAILABLE, signupFailure, signupHttpError } from './signup-errors.js';
import { chargeSignup } from './signup-quota.js';
import { unlessStoreUnavailable } from './store-availability.js';
import { describeBodyIssues, subscribeBodySchema } from './subscription.schemas.js';
import type { SubscriptionRouterDeps } from './subscription-router.deps.js';

const EXAMPLE =
  'Send Content-Type: application/json with a body like {"email": "you@example.com"}.';
const parseJson = express.json({
  limit: '1kb',
  strict: true,
  type: 'application/json',
  verify: verifyJsonBody,
});

/**
 * `POST /subscribe` (docs/api.md#newsletter-signup-double-opt-in), JSON only. In order: charge the
 * `signup` bucket (every POST counts, valid or not), insist on a JSON content type (a form or text
 * body is 400, never silently empty), read at most 1 KiB (413), refuse a body nested deeper than
 * `MAX_JSON_DEPTH` before parsing it (400), validate strictly (400), run `Subscribe`.
 */
export function subscribeJsonHandlers(deps: SubscriptionRouterDeps): RequestHandler[] {
  return [
    async (req, res, next) => {
      const limited = await chargeSignup(deps.quota, req, res);
      next(limited === null ? undefined : signupHttpError(limited));
    },
    requireJson,
    (req, res, next) => parseJson(req, res, (error?: unknown) => next(bodyError(error))),
    async (req: Request, res: Response) => {
      const body = subscribeBodySchema.safeParse(req.body);
      if (!body.success) throw new HttpError(400, describeBodyIssues(body.error));
      const consent = {
        source: 'api' as const,
        userAgent: req.get('user-agent'),
        clientNetwork: clientNetwork(req),
      };
      const result = await unlessStoreUnavailable(
        deps.subscribe.execute({ email: body.data.email, consent }),
      );
      if (result === null) throw signupHttpError(STORE_UNAVAILABLE);
      if (!result.ok) throw signupHttpError(signupFailure(result.error));
      res.status(200).json({ status: 'accepted', message: result.value.message });
    },
  ];
}

function requireJson(req: Request, _res: Response, next: NextFunction): void {
  const charset = /;\s*charset="?([^";\s]+)"?/i.exec(req.get('content-type') ?? '')?.[1];
  if (!req.is('application/json')) {
    next(new HttpError(400, `The signup must be JSON. ${EXAMPLE}`));
  } else if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    next(new HttpError(400, `The body must be UTF-8 JSON, not ${charset}. ${EXAMPLE}`));
  } else {
    next();
  }
}

function bodyError(error: unknown): HttpError | undefined {
  if (error === undefined || error === null) return undefined;
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.too.large') {
    return new HttpError(413, `The body is over 1 KiB. ${EXAMPLE}`);
  }
  if (type === 'entity.too.deep')
    return new HttpError(
      400,
      `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep. ${EXAMPLE}`,
    );
  if (type === 'entity.parse.failed')
    return new HttpError(400, `The body is not valid JSON. ${EXAMPLE}`);
  return new HttpError(400, `The body could not be read. ${EXAMPLE}`);
}
