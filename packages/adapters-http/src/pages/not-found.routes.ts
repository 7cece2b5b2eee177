import type { RequestQuota } from '@reviews/application';
import { Router } from 'express';
import { HttpError } from '../shared/http-error.js';
import { pageErrorHandler } from './page-errors.js';
import { answersWithPages, chargePages } from './page-response.js';

/** Paths whose clients read JSON: they keep the app's JSON 404 (docs/api.md#every-response). */
const JSON_PATHS = /^\/(api|mcp)(\/|$)/;

/**
 * Unknown addresses outside the API get an HTML 404 page, counted in `pages` (docs/api.md#website).
 * Mount after every other router and before the app's JSON 404.
 */
export function notFoundPages(deps: {
  readonly quota: RequestQuota;
  readonly siteName: string;
}): Router {
  const router = Router();
  router.use(async (req, res, next) => {
    if (JSON_PATHS.test(req.path)) {
      next();
      return;
    }
    answersWithPages(req, res, () => undefined);
    await chargePages(deps.quota, req, res);
    throw new HttpError(
      404,
      `There is no page at ${req.path}. The address may be mistyped, or the tool or review may have been removed.`,
    );
  });
  router.use(pageErrorHandler(deps.siteName));
  return router;
}
