import { type RequestQuota, BUCKETS } from '@reviews/application';
import { Router, type Request, type Response } from 'express';
import { sendCacheable } from '../shared/cacheable-response.js';
import { chargeQuota } from '../shared/request-quota.js';
import { renderAuthMd } from './auth-md.js';
import { renderDeveloperGuide } from './developer-guide.js';
import { aiCatalog, apiCatalog, apiCatalogLinkHeader } from './discovery-catalogs.js';
import {
  AI_CATALOG_CONTENT_TYPE,
  DOCUMENT_PATHS as P,
  LINKSET_CONTENT_TYPE,
  MARKDOWN_CONTENT_TYPE,
  PLAIN_TEXT_CONTENT_TYPE,
} from './document-paths.js';
import { renderLlmsTxt } from './llms-txt.js';
import type { ServiceFacts } from './service-facts.js';

interface DocumentsDeps {
  readonly facts: ServiceFacts;
  readonly quota: RequestQuota;
}

interface ServedDocument {
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Every document this router serves, rendered once: they change only with a deployment. */
function renderDocuments(facts: ServiceFacts): readonly ServedDocument[] {
  return [
    {
      path: P.developerGuide,
      contentType: MARKDOWN_CONTENT_TYPE,
      body: renderDeveloperGuide(facts),
    },
    { path: P.llmsTxt, contentType: PLAIN_TEXT_CONTENT_TYPE, body: renderLlmsTxt(facts) },
    { path: P.authMd, contentType: MARKDOWN_CONTENT_TYPE, body: renderAuthMd(facts) },
    {
      path: P.apiCatalog,
      contentType: LINKSET_CONTENT_TYPE,
      body: JSON.stringify(apiCatalog(facts)),
      headers: { Link: apiCatalogLinkHeader(facts.baseUrl) },
    },
    {
      path: P.aiCatalog,
      contentType: AI_CATALOG_CONTENT_TYPE,
      body: JSON.stringify(aiCatalog(facts)),
    },
  ];
}

/**
 * The machine documents (docs/api.md#for-agents-and-tools-the-machine-documents) —
 * `/developers.md`, `/llms.txt`, `/auth.md`, `/.well-known/api-catalog` (GET and HEAD, with its
 * `Link`) and `/.well-known/ai-catalog.json` — with ETag/304 and `Cache-Control`, each counted in
 * the `pages` bucket (a 304 is free).
 */
export function documentsRoutes({ facts, quota }: DocumentsDeps): Router {
  const router = Router();
  for (const document of renderDocuments(facts)) {
    router.get(document.path, (req: Request, res: Response) =>
      sendCacheable(req, res, document.body, {
        contentType: document.contentType,
        headers: document.headers,
        beforeBody: () => chargeQuota(quota, req, res, [BUCKETS.pages]),
      }),
    );
  }
  return router;
}
