import type { RequestQuota } from '@reviews/application';
import { Router } from 'express';
import { createOpenApiDocument, type OpenApiFacts } from '../openapi/openapi-document.js';
import { DESCRIBED_BY, HTML_CONTENT_TYPE, sendPublicDocument } from '../pages/page-response.js';
import { apiReferencePage, type ReferenceDocument } from './api-reference.page.js';
import { DOCUMENT_PATHS as P } from './document-paths.js';

/**
 * `/docs`: the API reference for people, rendered once at start from the same OpenAPI document
 * `/api/v1/openapi.json` serves, as a page of the site (its headers, ETag and `pages` bucket).
 */
export function apiReferenceRoutes(deps: { facts: OpenApiFacts; quota: RequestQuota }): Router {
  const document = createOpenApiDocument(deps.facts) as unknown as ReferenceDocument;
  const page = apiReferencePage(deps.facts.serviceName, document);
  const links = [
    DESCRIBED_BY,
    { href: P.openApi, rel: 'service-desc', type: 'application/vnd.oai.openapi+json' },
  ];
  const router = Router();
  router.get(P.apiReference, (req, res) =>
    sendPublicDocument(req, res, deps.quota, page, { contentType: HTML_CONTENT_TYPE, links }),
  );
  return router;
}
