import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLValidator } from 'fast-xml-parser';
import { rawRequest } from '../../../../packages/adapters-http/test/support/raw-http.js';
import type { CheckedServer } from '../support/openapi-checked-server.js';
import { BASE, startDocumentServer } from './document-server.js';
import { linksetLinks, parseAtom, type AiCatalogShape } from './document-links.js';

const DOCUMENTS: Record<string, string> = {
  '/developers.md': 'text/markdown; charset=utf-8',
  '/llms.txt': 'text/plain; charset=utf-8',
  '/auth.md': 'text/markdown; charset=utf-8',
  '/.well-known/api-catalog':
    'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  '/.well-known/ai-catalog.json': 'application/ai-catalog+json',
  '/reviews/feed.xml': 'application/atom+xml; charset=utf-8',
  '/docs': 'text/html; charset=utf-8',
  '/api/v1/openapi.json': 'application/json; charset=utf-8',
};

let server: CheckedServer;
beforeAll(async () => {
  server = await startDocumentServer({ RATE_LIMIT_API: '77', RATE_LIMIT_PAGES: '1000' });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });
const text = async (path: string) => (await get(path)).text();

describe('every machine document', () => {
  it.each(Object.entries(DOCUMENTS))(
    '%s answers with its media type, ETag/304, caching, nosniff and the pages bucket',
    async (path, contentType) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(contentType);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('ratelimit-policy')).toContain('"pages";q=1000;w=60');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      await res.arrayBuffer();
      // The same client (same Accept-Encoding), so the same representation and ETag.
      const again = await get(path, { 'If-None-Match': `W/"other", ${etag!}` });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      expect(again.headers.get('ratelimit')).toBeNull();
    },
  );

  it('compresses documents over 1 KiB for clients that accept it', async () => {
    for (const path of ['/developers.md', '/reviews/feed.xml', '/llms.txt']) {
      const res = await rawRequest(`${server.url}${path}`, {
        headers: { 'Accept-Encoding': 'br' },
      });
      expect([path, res.headers['content-encoding']]).toEqual([path, 'br']);
    }
  });

  it('counts in pages and answers 429 with Retry-After once the bucket is empty', async () => {
    const tight = await startDocumentServer({ RATE_LIMIT_PAGES: '2' });
    try {
      expect((await fetch(`${tight.url}/llms.txt`)).status).toBe(200);
      expect((await fetch(`${tight.url}/auth.md`)).status).toBe(200);
      const refused = await fetch(`${tight.url}/reviews/feed.xml`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await tight.close();
    }
  });
});

describe('/llms.txt', () => {
  it('follows llmstxt.org: one H1, a one-line blockquote summary, then H2 sections of annotated links', async () => {
    const lines = (await text('/llms.txt')).split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    const summaryAt = lines.findIndex((l, i) => i > 0 && l.trim() !== '');
    expect(lines[summaryAt]).toMatch(/^> \S/);
    // The reference parser keeps only the blockquote's first line as the summary.
    expect(lines[summaryAt + 1]).toBe('');
    const sections = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3));
    expect(sections).toEqual(['Docs', 'MCP', 'Data', 'Optional']);
    const afterFirstSection = lines.slice(lines.findIndex((l) => l.startsWith('## ')));
    for (const line of afterFirstSection.filter((l) => l.trim() !== '' && !l.startsWith('## '))) {
      expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/reviews\.test\/[^)\s]*\): \S/);
    }
    for (const path of [
      '/developers.md',
      '/api/v1/openapi.json',
      '/mcp/server-card',
      '/reviews/index.json',
      '/reviews/feed.xml',
      '/auth.md',
    ]) {
      expect(afterFirstSection.join('\n')).toContain(`](${BASE}${path})`);
    }
  });
});

describe('/auth.md', () => {
  it('has an H1 with the literal auth.md and states anonymous access, limits and consent', async () => {
    const body = await text('/auth.md');
    expect(body.split('\n')[0]).toMatch(/^# .*auth\.md/);
    expect(body).toMatch(/No authentication/);
    expect(body).toMatch(/No credentials are issued or accepted/);
    expect(body).toMatch(/no registration/i);
    expect(body).toContain('`api`: 77 per minute');
    expect(body).toContain('Retry-After');
    expect(body).toMatch(/consent/);
    expect(body).not.toMatch(/oauth-protected-resource|authorization_endpoint/);
  });
});

describe('/developers.md', () => {
  it('covers operations, fields, errors, limits, caching, citing, MCP and WebMCP from the running configuration', async () => {
    const body = await text('/developers.md');
    expect(body.split('\n')[0]).toMatch(/^# .*developer guide$/);
    const sections = body
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) => l.slice(3));
    for (const section of [
      'Operations',
      'Fields',
      'Errors',
      'Limits',
      'Caching',
      'Rights and citing',
      'MCP',
      'WebMCP',
    ]) {
      expect(sections).toContain(section);
    }
    for (const op of ['searchTools', 'getTool', 'subscribeNewsletter']) expect(body).toContain(op);
    expect(body).toContain('| `api` |');
    expect(body).toContain('77 per minute');
    expect(body).toContain('| `schemaVersion` | integer, constant 1 | yes |');
    expect(body).toContain('| `excerptSource` | one of `likes`, `dislikes`, `tool` | no |');
    const card = (await (await get('/mcp/server-card')).json()) as {
      name: string;
      version: string;
    };
    expect(body).toContain(`Server \`${card.name}\` version \`${card.version}\``);
    expect(body).toContain('verification mails: 3 per 24 hours per address');
  });
});

describe('the scheme the documents name', () => {
  it('is HTTPS only when PUBLIC_BASE_URL is https', async () => {
    expect(await text('/auth.md')).toContain('Anonymous HTTPS requests.');
    expect(await text('/llms.txt')).toContain('no authentication: anonymous HTTPS,');
    const plain = await startDocumentServer({ PUBLIC_BASE_URL: 'http://reviews.test' });
    try {
      const auth = await (await fetch(`${plain.url}/auth.md`)).text();
      const llms = await (await fetch(`${plain.url}/llms.txt`)).text();
      expect(auth).toContain('Anonymous HTTP requests.');
      expect(llms).toContain('no authentication: anonymous HTTP,');
      expect(`${auth}${llms}`).not.toContain('HTTPS');
    } finally {
      await plain.close();
    }
  });
});

describe('/.well-known/api-catalog (RFC 9727)', () => {
  it('is a linkset whose relations are arrays of links, for the REST API and MCP', async () => {
    const body = (await (await get('/.well-known/api-catalog')).json()) as {
      linkset: Array<Record<string, unknown>>;
    };
    expect(body.linkset.map((c) => c['anchor'])).toEqual([`${BASE}/api/v1/tools`, `${BASE}/mcp`]);
    for (const context of body.linkset) {
      for (const [relation, value] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        expect(Array.isArray(value)).toBe(true);
        for (const target of value as Array<{ href?: unknown }>)
          expect(typeof target.href).toBe('string');
      }
    }
    expect(body.linkset[0]!['service-desc']).toEqual([
      { href: `${BASE}/api/v1/openapi.json`, type: 'application/vnd.oai.openapi+json' },
    ]);
    expect(linksetLinks(body as never)).toContain(`${BASE}/developers.md`);
  });

  it('answers HEAD with the Link header and no body', async () => {
    for (const method of ['HEAD', 'GET']) {
      const res = await rawRequest(`${server.url}/.well-known/api-catalog`, { method });
      expect(res.status).toBe(200);
      expect(res.headers['link']).toBe(`<${BASE}/.well-known/api-catalog>; rel="api-catalog"`);
      expect(res.body.length === 0).toBe(method === 'HEAD');
    }
  });
});

describe('/.well-known/ai-catalog.json', () => {
  it('is an AI Catalog 1.0 whose entries each have exactly one of url or data', async () => {
    const body = (await (await get('/.well-known/ai-catalog.json')).json()) as AiCatalogShape;
    expect(body.specVersion).toBe('1.0');
    expect(body.host).toMatchObject({
      identifier: 'reviews.test',
      documentationUrl: `${BASE}/developers.md`,
    });
    expect(body.entries[0]).toMatchObject({
      identifier: 'urn:air:reviews.test:mcp:reviews',
      type: 'application/mcp-server-card+json',
      url: `${BASE}/mcp/server-card`,
    });
    for (const entry of body.entries) {
      expect([entry.url === undefined, entry.data === undefined].filter(Boolean)).toHaveLength(1);
      expect(entry.tags.length).toBeGreaterThan(0);
    }
  });
});

describe('/reviews/feed.xml', () => {
  interface ExportedReview {
    url: string;
    updatedAt: string;
    revisionId: string;
  }

  it('is Atom: the 100 newest review changes by updatedAt, newest first, each linking to its review', async () => {
    const xml = await text('/reviews/feed.xml');
    expect(XMLValidator.validate(xml)).toBe(true);
    const atom = parseAtom(xml);
    expect(atom.feed.id).toBe(`${BASE}/reviews/feed.xml`);
    expect(atom.feed.link).toContainEqual({
      '@_rel': 'self',
      '@_href': `${BASE}/reviews/feed.xml`,
    });
    expect(atom.feed.author?.[0]?.name).toBeTruthy();

    const archive = (await (await get('/reviews/index.json')).json()) as {
      tools: Array<{ reviews: ExportedReview[] }>;
    };
    const everyReview = archive.tools.flatMap((t) => t.reviews);
    expect(everyReview.length).toBeGreaterThan(100);
    const newest = [...everyReview]
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))
      .slice(0, 100);

    const entries = atom.feed.entry;
    expect(entries).toHaveLength(100);
    const links = entries.map((e) => {
      const alternates = e.link.filter((l) => (l['@_rel'] ?? 'alternate') === 'alternate');
      expect(alternates).toHaveLength(1);
      return alternates[0]!['@_href'];
    });
    expect(new Set(links)).toEqual(new Set(newest.map((r) => r.url)));
    const byUrl = new Map(everyReview.map((r) => [r.url, r]));
    const updated = entries.map((e) => Date.parse(e.updated));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    entries.forEach((entry, i) => {
      expect(Date.parse(entry.updated)).toBe(Date.parse(byUrl.get(links[i]!)!.updatedAt));
    });
    expect(atom.feed.updated).toBe(entries[0]!.updated);
    expect(new Set(entries.map((e) => e.id)).size).toBe(100);
    for (const entry of entries)
      expect(entry.id).toMatch(/^tag:reviews\.test,\d{4}-\d{2}-\d{2}:tools\//);
  });

  it('gives each entry an id stable per review revision', async () => {
    const first = parseAtom(await text('/reviews/feed.xml')).feed.entry;
    const again = parseAtom(await text('/reviews/feed.xml')).feed.entry;
    expect(again.map((e) => e.id)).toEqual(first.map((e) => e.id));
    const archive = (await (await get('/reviews/index.json')).json()) as {
      tools: Array<{ reviews: ExportedReview[] }>;
    };
    const revisionOf = new Map(
      archive.tools.flatMap((t) => t.reviews).map((r) => [r.url, r.revisionId]),
    );
    for (const entry of first) {
      const href = entry.link[0]!['@_href'];
      expect(
        entry.id.endsWith(`:${new URL(href).pathname.slice(1)}/revisions/${revisionOf.get(href)}`),
      ).toBe(true);
    }
  });
});

describe('/docs', () => {
  it('is the API reference rendered on the server from the OpenAPI document, with no script', async () => {
    const res = await get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).not.toMatch(/<script/);
    const doc = (await (await get('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, { operationId }] of Object.entries(operations)) {
        expect(page).toContain(
          `<h3 id="${operationId}"><code>${method.toUpperCase()} ${path}</code></h3>`,
        );
      }
    }
    for (const name of Object.keys(doc.components.schemas))
      expect(page).toContain(`<h3 id="schema-${name}">${name}</h3>`);
    // Back to the site, and to the document it renders.
    expect(page).toContain('<a class="brand" href="/">');
    expect(page).toContain('href="/api/v1/openapi.json"');
  });
});
