import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CheckedServer } from '../support/openapi-checked-server.js';
import {
  aiCatalogLinks,
  atomLinks,
  htmlLinks,
  linksetLinks,
  markdownLinks,
  openApiLinks,
  parseAtom,
} from './document-links.js';
import { BASE, local, startDocumentServer } from './document-server.js';

/**
 * The documents the crawl starts from: every machine document
 * (docs/api.md#for-agents-and-tools-the-machine-documents).
 */
const START = [
  '/llms.txt',
  '/developers.md',
  '/auth.md',
  '/.well-known/api-catalog',
  '/.well-known/ai-catalog.json',
  '/reviews/feed.xml',
  '/api/v1/openapi.json',
  '/docs',
].map((path) => `${BASE}${path}`);

/** The links of a fetched resource, by what it is; other resources are leaves. */
function linksOf(path: string, contentType: string, body: string): string[] {
  const type = contentType.split(';')[0]!.trim();
  if (type === 'text/markdown' || path === '/llms.txt') return markdownLinks(body);
  if (type === 'application/linkset+json') return linksetLinks(JSON.parse(body));
  if (type === 'application/ai-catalog+json') return aiCatalogLinks(JSON.parse(body));
  if (type === 'application/atom+xml') return atomLinks(parseAtom(body));
  if (path === '/api/v1/openapi.json') return openApiLinks(JSON.parse(body));
  if (path === '/docs') return htmlLinks(body).map((href) => new URL(href, BASE).href);
  return [];
}

/**
 * Addresses of endpoints that only take POST (the api-catalog's anchor of the MCP endpoint):
 * a GET must answer 405 naming POST in `Allow`.
 */
const POST_ONLY = new Set([`${BASE}/mcp`]);

let server: CheckedServer;
beforeAll(async () => {
  server = await startDocumentServer({ RATE_LIMIT_PAGES: '100000', RATE_LIMIT_API: '100000' });
});
afterAll(() => server.close());

describe('links in the machine documents', () => {
  it('every link to this service, followed from document to document, answers 200 (/mcp: 405)', async () => {
    const queue = [...START];
    const visited = new Set<string>();
    const failures: string[] = [];
    while (queue.length > 0) {
      const link = queue.shift()!;
      const address = new URL(link);
      address.hash = '';
      if (address.origin !== new URL(BASE).origin || visited.has(address.href)) continue;
      visited.add(address.href);
      const res = await fetch(local(server, address.href));
      const body = await res.text();
      if (POST_ONLY.has(address.href)) {
        if (res.status !== 405 || !(res.headers.get('allow') ?? '').includes('POST'))
          failures.push(`${address.href} → ${res.status}, not 405 with Allow: POST`);
        continue;
      }
      if (res.status !== 200) {
        failures.push(`${address.href} → ${res.status}`);
        continue;
      }
      queue.push(...linksOf(address.pathname, res.headers.get('content-type') ?? '', body));
    }
    expect(failures).toEqual([]);
    // The crawl reached every document and what they point to (export, server card, readiness, …).
    for (const path of [
      '/reviews/index.json',
      '/mcp/server-card',
      '/readyz',
      '/subscribe',
      '/api/v1/tools',
      '/mcp',
    ]) {
      expect(visited).toContain(`${BASE}${path}`);
    }
    expect(visited.size).toBeGreaterThan(100);
  }, 60_000);
});
