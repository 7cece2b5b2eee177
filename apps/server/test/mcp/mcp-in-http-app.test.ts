import { afterEach, describe, expect, it } from '@jest/globals';
import { RateLimitedQuota } from '@reviews/application';
import { CountingRateLimiter, SettableClock } from '@reviews/application/testing';
import { aCatalog, aTool } from '@reviews/domain/testing';
import { startRestAndMcp, type RunningApp } from './support/rest-and-mcp-app.js';

const catalog = aCatalog(
  ...Array.from({ length: 12 }, (_, i) =>
    aTool()
      .withId(`tool-${i}`)
      .named(`Tool ${i}`)
      .describedAs(
        'A developer tool with a description long enough to make the page worth compressing.',
      ),
  ),
);

let app: RunningApp | undefined;
afterEach(() => app?.close());

const MCP_HEADERS = {
  Accept: 'application/json, text/event-stream',
  'Content-Type': 'application/json',
  'Mcp-Protocol-Version': '2025-11-25',
};
const searchCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'search_tools', arguments: {} },
});
const postSearch = (mcpUrl: string) =>
  fetch(mcpUrl, { method: 'POST', headers: MCP_HEADERS, body: searchCall });

describe('the MCP router inside the service’s HTTP app', () => {
  it('shares the search bucket with REST under the same client key', async () => {
    const limiter = new CountingRateLimiter(new SettableClock(), {
      api: { points: 60, windowSeconds: 60 },
      search: { points: 3, windowSeconds: 60 },
    });
    app = await startRestAndMcp(catalog, { quota: new RateLimitedQuota(limiter) });

    expect((await fetch(`${app.url}/api/v1/tools`)).status).toBe(200);
    expect((await postSearch(app.mcpUrl)).status).toBe(200);
    expect((await fetch(`${app.url}/api/v1/tools?q=tool`)).status).toBe(200);

    const refused = await postSearch(app.mcpUrl);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit')).toBe('"api";r=56;t=60, "search";r=0;t=60');
    expect(await refused.json()).toMatchObject({ error: { data: { retryAfterSeconds: 60 } } });
    expect((await fetch(`${app.url}/api/v1/tools`)).status).toBe(429);
  });

  it('shares the api bucket with REST: MCP requests use up what REST may still send', async () => {
    const limiter = new CountingRateLimiter(new SettableClock(), {
      api: { points: 2, windowSeconds: 60 },
    });
    app = await startRestAndMcp(catalog, { quota: new RateLimitedQuota(limiter) });
    expect((await fetch(app.mcpUrl)).status).toBe(405);
    expect((await postSearch(app.mcpUrl)).status).toBe(200);
    expect((await fetch(`${app.url}/api/v1/tools/tool-1`)).status).toBe(429);
  });

  it('answers CORS preflights with the methods of /mcp and of the server card', async () => {
    app = await startRestAndMcp(catalog);
    const mcp = await fetch(app.mcpUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'https://reviews.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(mcp.status).toBe(204);
    expect(mcp.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(mcp.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/);
    const card = await fetch(`${app.url}/.well-known/mcp/server-card.json`, { method: 'OPTIONS' });
    expect(card.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('serves the server card cross-origin, and the endpoint’s 405 with its own Allow', async () => {
    app = await startRestAndMcp(catalog);
    const card = await fetch(`${app.url}/mcp/server-card`);
    expect(card.status).toBe(200);
    expect(card.headers.get('access-control-allow-origin')).toBe('*');
    const del = await fetch(app.mcpUrl, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('compresses a large MCP response when the client accepts gzip', async () => {
    app = await startRestAndMcp(catalog);
    const res = await fetch(app.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'Accept-Encoding': 'gzip' },
      body: searchCall,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.json()).toMatchObject({
      id: 1,
      result: { structuredContent: { schemaVersion: 1 } },
    });
  });

  it('answers CORS on /mcp from its origin list, while REST stays open to every origin', async () => {
    app = await startRestAndMcp(catalog, { allowedOrigins: ['https://agents.example.org'] });
    const evil = await fetch(app.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_HEADERS, Origin: 'https://evil.example' },
      body: searchCall,
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const evilPreflight = await fetch(app.mcpUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(evilPreflight.status).toBe(403);
    expect(evilPreflight.headers.get('access-control-allow-origin')).toBeNull();

    for (const origin of ['https://reviews.example', 'https://agents.example.org']) {
      const served = await fetch(app.mcpUrl, {
        method: 'POST',
        headers: { ...MCP_HEADERS, Origin: origin },
        body: searchCall,
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const rest = await fetch(`${app.url}/api/v1/tools`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
  });
});
