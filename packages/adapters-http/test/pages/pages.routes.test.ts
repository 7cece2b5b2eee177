import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { brotliDecompressSync } from 'node:zlib';
import { Publication } from '@reviews/domain';
import { rawRequest } from '../support/raw-http.js';
import { sampleTools, startSite, type RunningSite } from './site-harness.js';

let site: RunningSite;
beforeAll(async () => {
  site = await startSite(await sampleTools());
});
afterAll(() => site.close());

const PAGES = [
  '/',
  '/search?q=postgres',
  '/search?category=Databases',
  '/tools/quillsort',
  '/tools/quillsort?limit=2&cursor=2',
  '/tools/quillsort/reviews/qs-2024-12-r1',
];

/** The text of the page's alert (the error message), unescaped. */
const alertOf = (html: string): string =>
  (/<p class="notice error" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the pages', () => {
  it.each(PAGES)(
    'answers %s with 200, HTML, security headers, Link headers and an ETag',
    async (path) => {
      const res = await fetch(`${site.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('permissions-policy')).toBe('tools=(self)');
      expect(res.headers.get('origin-agent-cluster')).toBe('?1');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(res.headers.get('link')).toContain('</llms.txt>; rel="describedby"');
      expect(res.headers.get('ratelimit-policy')).toContain('"pages"');
      expect(res.headers.get('set-cookie')).toBeNull();
      const html = await res.text();
      expect(html).toContain('href="/subscribe"');
      expect(html).toMatch(/<a class="brand" href="\/">/);
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(html).not.toMatch(/\sstyle=/);
    },
  );

  it('announces the API catalog on the home page and the Markdown twin on tool and review pages', async () => {
    const home = await fetch(`${site.url}/`);
    expect(home.headers.get('link')).toContain('</.well-known/api-catalog>; rel="api-catalog"');
    for (const path of ['/tools/quillsort', '/tools/quillsort/reviews/qs-2024-12-r1']) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.headers.get('link')).toContain(
        '</tools/quillsort.md>; rel="alternate"; type="text/markdown"',
      );
      expect(await res.text()).toContain(
        '<link rel="alternate" type="text/markdown" href="/tools/quillsort.md" />',
      );
    }
  });

  it('answers a current If-None-Match with 304, no body and no quota spent', async () => {
    for (const path of [...PAGES, '/tools/quillsort.md', '/assets/site.css', '/assets/webmcp.js']) {
      // Both requests without compression, so both name the same representation and ETag.
      const first = await rawRequest(`${site.url}${path}`);
      const etag = first.headers.etag as string;
      const again = await rawRequest(`${site.url}${path}`, {
        headers: { 'If-None-Match': `"x", ${etag}` },
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.ratelimit).toBeUndefined();
    }
  });

  it('compresses pages with br or gzip as the client allows', async () => {
    const br = await rawRequest(`${site.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toContain('<h1>');
    const plain = await rawRequest(`${site.url}/`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await rawRequest(`${site.url}/tools/quillsort`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeDefined();
    expect(res.body.length).toBe(0);
  });

  it('shows the search results in the API order', async () => {
    const api = (await (await fetch(`${site.url}/api/v1/tools?q=fast`)).json()) as {
      items: Array<{ id: string }>;
    };
    const html = await (await fetch(`${site.url}/search?q=fast`)).text();
    const ids = [...html.matchAll(/<h2 class="result-title"><a href="\/tools\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(api.items.length).toBeGreaterThan(1);
    expect(ids).toEqual(api.items.map((item) => item.id));
  });

  it('refuses POST on a page with 405 and Allow, as an HTML page', async () => {
    const res = await fetch(`${site.url}/search`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('errors as pages', () => {
  it.each([
    'q=' + 'x'.repeat(201),
    'q=' + Array.from({ length: 13 }, (_, i) => `w${i}`).join('+'),
    'q=%2B%2B',
    'limit=0',
    'limit=abc',
    'cursor=1000',
    'cursor=x',
    'category=',
    'q=a&q=b',
  ])('answers /search?%s with 400 and the message the API gives', async (query) => {
    const api = await fetch(`${site.url}/api/v1/tools?${query}`);
    const page = await fetch(`${site.url}/search?${query}`);
    expect(api.status).toBe(400);
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const { error } = (await api.json()) as { error: string };
    expect(alertOf(await page.text())).toBe(error);
  });

  it('answers a malformed tool or review id with 400 and the API message', async () => {
    const api = (await (await fetch(`${site.url}/api/v1/tools/bad%20id`)).json()) as {
      error: string;
    };
    const page = await fetch(`${site.url}/tools/bad%20id`);
    expect(page.status).toBe(400);
    expect(alertOf(await page.text())).toBe(api.error);
    const review = await fetch(`${site.url}/tools/quillsort/reviews/bad%20id`);
    expect(review.status).toBe(400);
  });

  it.each([
    '/no-such-page',
    '/tools/no-such-tool',
    '/tools/no-such-tool.md',
    '/tools/no-such-tool/reviews/r1',
    '/tools/quillsort/reviews/no-such-review',
    '/reviews/nothing-here',
  ])('answers %s with an HTML 404 page', async (path) => {
    const res = await fetch(`${site.url}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toContain('href="/subscribe"');
  });

  it('keeps JSON 404s under /api/ and /mcp', async () => {
    for (const path of ['/api/v1/nothing', '/api/v1/tools/no-such-tool', '/mcp/nothing']) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('keeps the signup JSON errors as JSON', async () => {
    const res = await fetch(`${site.url}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"not an address"}',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('the Markdown twin', () => {
  it('is text/markdown with the tool, its reviews with citations, stacks, notice and rights', async () => {
    const res = await fetch(`${site.url}/tools/quillsort.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('link')).toContain(
      '</tools/quillsort>; rel="alternate"; type="text/html"',
    );
    const text = await res.text();
    expect(text.startsWith('# Quillsort\n')).toBe(true);
    expect(text).toContain(
      `- Cite: <${site.url}/tools/quillsort/reviews/qs-2024-12-r1> (reviewed 2024-12-03)`,
    );
    expect(text).toContain('- Status: verified');
    expect(text).toContain('Configured notice: reviews are historical.');
    expect(text).toContain('Example Reviews Ltd');
  });

  it('pages its reviews like the tool page and links the next page', async () => {
    const text = await (await fetch(`${site.url}/tools/longlog.md?limit=20`)).text();
    expect(text.match(/^### Review of /gm)).toHaveLength(20);
    expect(text).toContain(`More reviews: <${site.url}/tools/longlog.md?limit=20&cursor=20>`);
    const last = await (await fetch(`${site.url}/tools/longlog.md?limit=20&cursor=20`)).text();
    expect(last.match(/^### Review of /gm)).toHaveLength(3);
    expect(last).toContain('Last page of reviews.');
  });
});

describe('static files', () => {
  it('serves the stylesheet and the WebMCP script with their types, ETags and nosniff', async () => {
    const css = await fetch(`${site.url}/assets/site.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('prefers-color-scheme: dark');
    const js = await fetch(`${site.url}/assets/webmcp.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await js.text();
    expect(script).not.toContain('__WEBMCP_TOOLS__');
    expect(script).toContain('"name":"search_tools"');
    expect(script).not.toContain('subscribe"');
  });

  it('links each file from the pages by a content-hashed name, cached for a year; the plain name keeps the short cache', async () => {
    const page = await (await fetch(`${site.url}/tools/quillsort`)).text();
    const linked = [
      /<link rel="stylesheet" href="(\/assets\/site\.[0-9a-f]{10}\.css)"/,
      /<link rel="icon" type="image\/svg\+xml" href="(\/assets\/icon\.[0-9a-f]{10}\.svg)"/,
      /<script src="(\/assets\/webmcp\.[0-9a-f]{10}\.js)" defer>/,
    ].map((pattern) => pattern.exec(page)?.[1]);
    for (const hashed of linked) {
      expect(hashed).toBeDefined();
      const plain = hashed!.replace(/\.[0-9a-f]{10}\./, '.');
      const [byHash, byName] = await Promise.all([
        fetch(`${site.url}${hashed}`),
        fetch(`${site.url}${plain}`),
      ]);
      expect([byHash.status, byName.status]).toEqual([200, 200]);
      expect(byHash.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(byName.headers.get('cache-control')).toBe('public, max-age=300');
      const body = await byHash.text();
      expect(await byName.text()).toBe(body);
      // The name is the content's: SHA-256, first 10 hex digits.
      expect(hashed).toContain(`.${createHash('sha256').update(body).digest('hex').slice(0, 10)}.`);
    }
  });
});

describe("a page's 304, decided before any work (docs/api.md#caching-and-etags)", () => {
  const buckets = {
    api: { points: 100, windowSeconds: 60 },
    search: { points: 1, windowSeconds: 60 },
    pages: { points: 100, windowSeconds: 60 },
    signup: { points: 5, windowSeconds: 3600 },
    mail: { points: 3, windowSeconds: 86_400 },
  };

  it("answers a search page's 304 without charging and without searching, If-None-Match: * included", async () => {
    const small = await startSite(await sampleTools(), { buckets });
    try {
      const first = await rawRequest(`${small.url}/search?q=postgres`);
      expect(first.status).toBe(200);
      const etag = first.headers.etag as string;
      const searches = small.searches();
      // The search bucket (size 1) is now empty: a 304 must neither search nor be refused.
      for (const header of [etag, `W/${etag}`, `"x", ${etag}`, '*']) {
        const again = await rawRequest(`${small.url}/search?q=postgres`, {
          headers: { 'If-None-Match': header },
        });
        expect(again.status).toBe(304);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers.ratelimit).toBeUndefined();
        expect(again.headers.link).toBe(first.headers.link);
      }
      expect(small.searches()).toBe(searches);
      expect((await rawRequest(`${small.url}/search?q=sort`)).status).toBe(429);
    } finally {
      await small.close();
    }
  });

  it('gives a page a new ETag with a new publication, and names the coding in it', async () => {
    const tools = await sampleTools();
    const small = await startSite(tools);
    try {
      for (const path of ['/', '/search?q=postgres', '/search', '/tools/quillsort']) {
        const before = await rawRequest(`${small.url}${path}`);
        const gzip = await rawRequest(`${small.url}${path}`, {
          headers: { 'Accept-Encoding': 'gzip' },
        });
        expect(gzip.headers.etag).not.toBe(before.headers.etag);
        small.live.replace(
          Publication.publish(`next-${path}`, {
            schemaVersion: 1,
            publishedAt: '2026-11-17T09:00:00Z',
            tools,
          }),
        );
        const after = await rawRequest(`${small.url}${path}`, {
          headers: { 'If-None-Match': before.headers.etag as string },
        });
        expect(after.status).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
      }
    } finally {
      await small.close();
    }
  });

  it('answers If-None-Match: * on a tool page only when the tool exists', async () => {
    const exists = await rawRequest(`${site.url}/tools/quillsort`, {
      headers: { 'If-None-Match': '*' },
    });
    expect(exists.status).toBe(304);
    const missing = await rawRequest(`${site.url}/tools/no-such-tool`, {
      headers: { 'If-None-Match': '*' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('the pages bucket', () => {
  it('counts pages and twins, and answers 429 as a page with Retry-After when it is empty', async () => {
    const small = await startSite(await sampleTools(), {
      buckets: {
        api: { points: 100, windowSeconds: 60 },
        search: { points: 100, windowSeconds: 60 },
        pages: { points: 3, windowSeconds: 60 },
        signup: { points: 5, windowSeconds: 3600 },
        mail: { points: 3, windowSeconds: 86_400 },
      },
    });
    try {
      for (const path of ['/', '/tools/quillsort.md', '/no-such-page']) {
        expect((await fetch(`${small.url}${path}`)).headers.get('ratelimit')).toMatch(
          /"pages";r=\d/,
        );
      }
      const refused = await fetch(`${small.url}/search?q=x`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(alertOf(await refused.text())).toMatch(/^Too many requests/);
      expect((await fetch(`${small.url}/api/v1/tools`)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('the search bucket, for a search page', () => {
  const buckets = {
    api: { points: 100, windowSeconds: 60 },
    search: { points: 2, windowSeconds: 60 },
    pages: { points: 100, windowSeconds: 60 },
    signup: { points: 5, windowSeconds: 3600 },
    mail: { points: 3, windowSeconds: 86_400 },
  };

  it('charges a page with q to search as well as pages, so it shares the API search allowance', async () => {
    const small = await startSite(await sampleTools(), { buckets });
    try {
      const page = await fetch(`${small.url}/search?q=fast`);
      expect(page.status).toBe(200);
      expect(page.headers.get('ratelimit')).toMatch(/"pages";r=99.*"search";r=1/);
      expect((await fetch(`${small.url}/api/v1/tools?q=postgres`)).status).toBe(200);
      const refused = await fetch(`${small.url}/search?q=sort`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // A page without q searches nothing: it is counted in pages only.
      const browse = await fetch(`${small.url}/search?category=Databases`);
      expect(browse.status).toBe(200);
      expect(browse.headers.get('ratelimit')).not.toMatch(/"search"/);
    } finally {
      await small.close();
    }
  });

  it('charges a costly search page the units of its work, and answers it as an uncharged one', async () => {
    const roomy = await startSite(await sampleTools(), {
      buckets: { ...buckets, search: { points: 1_000, windowSeconds: 60 } },
    });
    try {
      const costly = '/search?q=a+b+c+d+e+f+g+h+i+l+m+n&limit=20';
      const charged = await fetch(`${roomy.url}${costly}`);
      const remaining = Number(
        /"search";r=(\d+)/.exec(charged.headers.get('ratelimit') ?? '')?.[1],
      );
      expect(remaining).toBeLessThan(1_000 - 1);
      expect(await charged.text()).toBe(await (await fetch(`${site.url}${costly}`)).text());
    } finally {
      await roomy.close();
    }
  });
});
