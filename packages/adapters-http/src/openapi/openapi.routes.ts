import type { RequestQuota } from '@reviews/application';
import { Router } from 'express';
import { JSON_CONTENT_TYPE, sendCacheable } from '../shared/cacheable-response.js';
import { chargeQuota } from '../shared/request-quota.js';
import { createOpenApiDocument } from './openapi-document.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** `GET /api/v1/openapi.json`: built once at start; ETag/304 and the `api` bucket like the API. */
export function openApiRoutes(deps: { baseUrl: string; quota: RequestQuota }): Router {
  const payload = JSON.stringify(createOpenApiDocument(deps.baseUrl));
  const router = Router();
  router.get(OPENAPI_PATH, async (req, res) => {
    await sendCacheable(req, res, payload, {
      contentType: JSON_CONTENT_TYPE,
      beforeBody: () => chargeQuota(deps.quota, req, res, ['api']),
    });
  });
  return router;
}
