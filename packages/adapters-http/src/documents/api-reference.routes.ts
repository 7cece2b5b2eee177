import { type RequestQuota, BUCKETS } from '@reviews/application';
import { Router } from 'express';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { escapeHtml } from '@reviews/application';
import { sendCacheable } from '../shared/cacheable-response.js';
import { chargeQuota } from '../shared/request-quota.js';
import { DOCUMENT_PATHS as P } from './document-paths.js';

const require = createRequire(import.meta.url);
const REDOC_VERSION = (require('redoc/package.json') as { version: string }).version;

/** The bundle's address carries its version, so it can be cached for good. */
const API_REFERENCE_SCRIPT_PATH = `${P.apiReference}/redoc-${REDOC_VERSION}.standalone.js`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The CSP also blocks the Redocly logo that Redoc's menu loads from cdn.redoc.ly (it hides
 * itself when the image fails), so the page never reaches a CDN.
 *
 * Redoc draws with styled-components (inline `<style>` elements) and runs its search index in a
 * worker made from a `blob:` URL; nothing else is allowed, and every script is our own file.
 */
const API_REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `/docs`: the interactive API reference, Redoc's standalone bundle (from our own dependencies,
 * no CDN) rendering `/api/v1/openapi.json`. The page has no inline script: the bundle starts
 * itself on the `<redoc spec-url>` element. Without JavaScript the page links the document and
 * the developer guide.
 */
export function apiReferenceRoutes(deps: { serviceName: string; quota: RequestQuota }): Router {
  const bundle = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · ${escapeHtml(deps.serviceName)}</title>
<link rel="icon" href="data:,">
<link rel="describedby" href="${P.openApi}" type="application/vnd.oai.openapi+json">
</head>
<body>
<noscript><p>This interactive reference needs JavaScript. Read <a href="${P.openApi}">the OpenAPI document</a> or <a href="${P.developerGuide}">the developer guide</a> instead.</p></noscript>
<redoc spec-url="${P.openApi}" untrusted-spec="true"></redoc>
<script src="${API_REFERENCE_SCRIPT_PATH}"></script>
</body>
</html>
`;
  const router = Router();
  router.get(P.apiReference, (req, res) =>
    sendCacheable(req, res, page, {
      contentType: 'text/html; charset=utf-8',
      headers: { 'Content-Security-Policy': API_REFERENCE_CSP, 'Referrer-Policy': 'no-referrer' },
      beforeBody: () => chargeQuota(deps.quota, req, res, [BUCKETS.pages]),
    }),
  );
  router.get(API_REFERENCE_SCRIPT_PATH, (req, res) =>
    sendCacheable(req, res, bundle, {
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: IMMUTABLE,
      beforeBody: () => chargeQuota(deps.quota, req, res, [BUCKETS.pages]),
    }),
  );
  return router;
}
