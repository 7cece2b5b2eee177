import { type RequestQuota, BUCKETS } from '@reviews/application';
import { Router } from 'express';
import { JSON_CONTENT_TYPE, sendCacheable } from '../shared/cacheable-response.js';
import { chargeQuota } from '../shared/request-quota.js';
import { createOpenApiDocument, type OpenApiFacts } from './openapi-document.js';

const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * `GET /api/v1/openapi.json`: built once at start; ETag/304. It is under `/api/v1/`, so it counts
 * in `api` (docs/api.md#limits), and it is a discovery document, so in `pages` too.
 */
export function openApiRoutes(deps: { facts: OpenApiFacts; quota: RequestQuota }): Router {
  const payload = JSON.stringify(createOpenApiDocument(deps.facts));
  const router = Router();
  router.get(OPENAPI_PATH, async (req, res) => {
    await sendCacheable(req, res, payload, {
      contentType: JSON_CONTENT_TYPE,
      beforeBody: () => chargeQuota(deps.quota, req, res, [BUCKETS.api, BUCKETS.pages]),
    });
  });
  return router;
}
