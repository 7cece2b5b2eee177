import { DOCUMENT_PATHS as P } from './document-paths.js';
import type { ServiceFacts } from './service-facts.js';

/** A link target of a linkset (RFC 9264): every relation's value is an array of these. */
interface LinkTarget {
  readonly href: string;
  readonly type?: string;
  readonly title?: string;
}

/**
 * `/.well-known/api-catalog` (RFC 9727): a linkset with one context per API, the REST API and
 * the MCP endpoint, each with its description, documentation and status. Each anchor is an
 * address that answers (docs/api.md#for-agents-and-tools-the-machine-documents): the REST API's
 * search, and `/mcp`, whose GET is 405 by design.
 */
export function apiCatalog(facts: ServiceFacts): {
  linkset: ReadonlyArray<Record<string, string | readonly LinkTarget[]>>;
} {
  const base = facts.baseUrl;
  return {
    linkset: [
      {
        anchor: `${base}${P.restApi}`,
        'service-desc': [{ href: `${base}${P.openApi}`, type: 'application/vnd.oai.openapi+json' }],
        'service-doc': [
          { href: `${base}${P.developerGuide}`, type: 'text/markdown' },
          { href: `${base}${P.apiReference}`, type: 'text/html' },
        ],
        status: [{ href: `${base}${P.readiness}`, type: 'application/json' }],
      },
      {
        anchor: `${base}${P.mcp}`,
        'service-desc': [
          { href: `${base}${P.serverCard}`, type: 'application/mcp-server-card+json' },
        ],
        'service-doc': [{ href: `${base}${P.developerGuide}#mcp`, type: 'text/markdown' }],
        status: [{ href: `${base}${P.readiness}`, type: 'application/json' }],
      },
    ],
  };
}

/** `Link` header of the API catalog itself (RFC 9727 §2: GET and HEAD carry it). */
export function apiCatalogLinkHeader(baseUrl: string): string {
  return `<${baseUrl}${P.apiCatalog}>; rel="api-catalog"`;
}

/**
 * `/.well-known/ai-catalog.json` (Linux Foundation AI Catalog, specVersion 1.0): the host and one
 * entry per agent-facing service, each pointing (`url`, never also `data`) at its description.
 */
export function aiCatalog(facts: ServiceFacts): object {
  const base = facts.baseUrl;
  const domain = new URL(base).hostname;
  return {
    specVersion: '1.0',
    host: {
      displayName: facts.serviceName,
      identifier: domain,
      documentationUrl: `${base}${P.developerGuide}`,
    },
    entries: [
      {
        identifier: `urn:air:${domain}:mcp:reviews`,
        type: 'application/mcp-server-card+json',
        url: `${base}${P.serverCard}`,
        description: facts.mcp.description,
        tags: ['developer-tools', 'reviews', 'search', 'read-only', 'mcp'],
      },
      {
        identifier: `urn:air:${domain}:openapi:reviews`,
        type: 'application/vnd.oai.openapi+json',
        url: `${base}${P.openApi}`,
        description: 'REST API: search reviewed developer tools and read their dated reviews.',
        tags: ['developer-tools', 'reviews', 'search', 'read-only', 'openapi'],
      },
    ],
  };
}
