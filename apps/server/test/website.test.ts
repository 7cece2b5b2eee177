import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../src/logging/logger.js';
import { startServer, type RunningServer } from '../src/server.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-website-'));
let server: RunningServer & { dataDir: string };
const BASE = 'https://reviews.test';

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: BASE,
    DATA_DIR: dataDir,
  });
  server = Object.assign(await startServer(config, createLogger('silent')), { dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** The path of an absolute address the API hands out, on the running server. */
const local = (url: string): string => `${server.url}${url.slice(BASE.length)}`;

describe('the website, wired by the container', () => {
  it('answers every address a search item hands out: tool url, markdownUrl and the cited review url', async () => {
    const body = (await (await fetch(`${server.url}/api/v1/tools?q=fast`)).json()) as {
      items: Array<{ url: string; markdownUrl: string; review?: { url: string } }>;
    };
    const cited = body.items.find((item) => item.review !== undefined)!;
    for (const url of [cited.url, cited.review!.url]) {
      const res = await fetch(local(url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    const twin = await fetch(local(cited.markdownUrl));
    expect(twin.status).toBe(200);
    expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it.each([
    ['2025-11-25', {}],
    [
      '2026-07-28',
      {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    ],
  ])(
    'answers the MCP resource of a tool (%s) with the very text of its Markdown twin',
    async (version, meta) => {
      const uri = 'reviews://tools/kestrel-sql';
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          'MCP-Protocol-Version': version,
          ...(version === '2026-07-28' ? { 'Mcp-Method': 'resources/read', 'Mcp-Name': uri } : {}),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'resources/read',
          params: { uri, ...meta },
        }),
      });
      const body = (await res.json()) as {
        result: { contents: Array<{ text: string; _meta: Record<string, string> }> };
      };
      const twin = await (await fetch(`${server.url}/tools/kestrel-sql.md`)).text();
      expect(body.result.contents[0]?.text).toBe(twin);
      expect(body.result.contents[0]?._meta['dev.reviews-example/url']).toBe(
        `${BASE}/tools/kestrel-sql`,
      );
    },
  );

  it.each(['2025-11-25', '2026-07-28'])(
    "reads a category's resource and completes category names (%s), as REST browses them",
    async (version) => {
      const call = async (method: string, params: Record<string, unknown>, name?: string) => {
        const modern = version === '2026-07-28';
        const res = await fetch(`${server.url}/mcp`, {
          method: 'POST',
          headers: {
            Accept: 'application/json, text/event-stream',
            'Content-Type': 'application/json',
            'MCP-Protocol-Version': version,
            ...(modern ? { 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}) } : {}),
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method,
            params: {
              ...params,
              ...(modern
                ? {
                    _meta: {
                      'io.modelcontextprotocol/protocolVersion': version,
                      'io.modelcontextprotocol/clientCapabilities': {},
                    },
                  }
                : {}),
            },
          }),
        });
        return ((await res.json()) as { result: Record<string, unknown> }).result;
      };
      const rest = (await (
        await fetch(`${server.url}/api/v1/tools?facets=category&limit=20`)
      ).json()) as { facets: { category: Array<{ name: string }> } };
      const names = rest.facets.category.map((c) => c.name).sort();
      const completed = (await call('completion/complete', {
        ref: { type: 'ref/resource', uri: 'reviews://categories/{category}' },
        argument: { name: 'category', value: '' },
      })) as { completion: { values: string[]; hasMore: boolean } };
      expect(completed.completion).toEqual({ values: names, hasMore: false });

      const category = names[0]!;
      const uri = `reviews://categories/${encodeURIComponent(category)}`;
      const read = (await call('resources/read', { uri }, uri)) as {
        contents: Array<{ text: string; _meta: Record<string, string> }>;
      };
      const browse = (await (
        await fetch(
          `${server.url}/api/v1/tools?${new URLSearchParams({ category, limit: '20' }).toString()}`,
        )
      ).json()) as { items: Array<{ id: string }> };
      const listed = [...read.contents[0]!.text.matchAll(/ · id `([^`]+)`/g)].map((m) => m[1]);
      expect(listed).toEqual(browse.items.map((item) => item.id));
      const webPage = read.contents[0]!._meta['dev.reviews-example/url']!;
      expect(webPage).toBe(`${BASE}/search?${new URLSearchParams({ category }).toString()}`);
      expect((await fetch(local(webPage))).status).toBe(200);
    },
  );

  it('says after a form signup on the embedded default that the mail is in the outbox folder', async () => {
    const res = await fetch(`${server.url}/subscribe/form`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
      },
      body: new URLSearchParams({ email: 'ada@example.org', consent: 'yes' }).toString(),
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<h1>Signup received</h1>');
    expect(page).toContain(
      `no mail is sent: it is written to ${path.join(server.dataDir, 'outbox')}, and the confirmation link is also printed`,
    );
  });

  it('shows a stack tag whose dimension and relationship are the same word once', async () => {
    const page = await (await fetch(`${server.url}/tools/kestrel-sql`)).text();
    expect(page).toMatch(/PostgreSQL\s*<span class="muted"\s*>\(integration\)<\/span/);
    expect(page).toMatch(/Linux\s*<span class="muted"\s*>\(os, runs on\)<\/span/);
    expect(page).not.toContain('integration, integration');
  });

  it('serves the home page in the pages bucket, with the service name', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"pages";q=120;w=60');
    expect(await res.text()).toContain('Developer Tool Reviews</a>');
  });

  it('answers unknown pages with HTML and unknown API paths with JSON', async () => {
    const page = await fetch(`${server.url}/nothing-here`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const api = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const mcp = await fetch(`${server.url}/mcp`, { method: 'GET' });
    expect(mcp.headers.get('content-type')).toContain('application/json');
  });
});
