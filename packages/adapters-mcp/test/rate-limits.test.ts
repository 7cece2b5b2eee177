import { afterEach, describe, expect, it } from '@jest/globals';
import type { RequestQuota } from '@reviews/application';
import { fixtureTools } from './support/catalog-fixture.js';
import { v1Client } from './support/mcp-clients.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';
import { RecordingQuota, RefusingQuota } from './support/quota-fakes.js';

let api: RunningMcpApi | undefined;
afterEach(() => api?.close());

async function start(quota: RequestQuota): Promise<RunningMcpApi> {
  api = await startMcpApi(fixtureTools(), { quota, clientKeyOf: () => '198.51.100.7' });
  return api;
}

const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      'Mcp-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify(body),
  });
}

describe('MCP requests in the REST buckets', () => {
  it('charges a search_tools call the units of the one search cost rule (docs/api.md#what-a-search-costs)', async () => {
    const quota = new RecordingQuota();
    const { mcpUrl } = await start(quota);
    await post(mcpUrl, call(1, 'search_tools', { q: 'postgres' }));
    await post(mcpUrl, call(2, 'search_tools', { q: 'a b c d e f g h i j k l', limit: 20 }));
    await post(mcpUrl, call(3, 'search_tools', { q: 7 }));
    const [ordinary, costly, refused] = quota.units;
    expect(ordinary).toEqual({ search: 1 });
    expect(costly?.search).toBeGreaterThan(1);
    // Arguments the tool refuses cost the usual unit: nothing is searched.
    expect(refused).toEqual({ search: 1 });
  });

  it('charges a call whose result is kept one unit: it searches nothing, as a kept REST answer', async () => {
    const quota = new RecordingQuota();
    const { mcpUrl } = await start(quota);
    // Twenty hits, each with its four keywords looked for in its excerpt: 2 units when computed.
    const costly = { q: 'a d f t', limit: 20 };
    const first = await (await post(mcpUrl, call(1, 'search_tools', costly))).json();
    const again = await (await post(mcpUrl, call(2, 'search_tools', costly))).json();
    expect(again).toEqual({ ...first, id: 2 });
    expect(quota.units[0]?.search).toBeGreaterThan(1);
    expect(quota.units[1]).toEqual({ search: 1 });
  });

  it('charges api for every HTTP request and search on top for each search_tools call', async () => {
    const quota = new RecordingQuota();
    const { mcpUrl } = await start(quota);
    await post(mcpUrl, call(1, 'search_tools', { q: 'postgres' }));
    await post(mcpUrl, call(2, 'get_tool', { id: 'pgbeam' }));
    await fetch(mcpUrl);
    await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });

    expect(quota.charges).toEqual([
      { clientKey: '198.51.100.7', buckets: ['api', 'search'] },
      { clientKey: '198.51.100.7', buckets: ['api'] },
      { clientKey: '198.51.100.7', buckets: ['api'] },
      { clientKey: '198.51.100.7', buckets: ['api'] },
      { clientKey: '198.51.100.7', buckets: ['api'] },
    ]);
  });

  it('reports the buckets in RateLimit-Policy and RateLimit headers', async () => {
    const { mcpUrl } = await start(new RecordingQuota());
    const res = await post(mcpUrl, call(1, 'search_tools'));
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"api";q=60;w=60, "search";q=30;w=60');
    expect(res.headers.get('ratelimit')).toBe('"api";r=7;t=42, "search";r=7;t=42');
  });

  it('refuses a JSON-RPC batch with a JSON-RPC error, charging only the one HTTP request', async () => {
    const quota = new RecordingQuota();
    const { mcpUrl } = await start(quota);
    const batch = Array.from({ length: 100 }, (_, i) => call(i + 1, 'search_tools'));
    const res = await post(mcpUrl, batch);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/batches are not supported/) },
    });
    expect(quota.charges).toEqual([{ clientKey: '198.51.100.7', buckets: ['api'] }]);
  });

  it('answers 429 with Retry-After and a JSON-RPC error a model can read once search is used up', async () => {
    const { mcpUrl } = await start(new RefusingQuota('search', 17));
    const res = await post(mcpUrl, call(41, 'search_tools', { q: 'postgres' }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('17');
    expect(res.headers.get('ratelimit-policy')).toBe('"api";q=60;w=60, "search";q=30;w=60');
    expect(res.headers.get('ratelimit')).toBe('"api";r=7;t=17, "search";r=0;t=17');
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 41,
      error: {
        code: -32000,
        message: 'Too many requests from your network. Wait 17 seconds before retrying.',
        data: { retryAfterSeconds: 17 },
      },
    });
  });

  it('still answers get_tool while only the search bucket is empty', async () => {
    const { mcpUrl } = await start(new RefusingQuota('search', 17));
    const res = await post(mcpUrl, call(1, 'get_tool', { id: 'pgbeam' }));
    expect(res.status).toBe(200);
  });

  it('refuses every request, GET included, once the api bucket is empty', async () => {
    const { mcpUrl } = await start(new RefusingQuota('api', 1));
    const getRes = await fetch(mcpUrl);
    expect(getRes.status).toBe(429);
    expect(getRes.headers.get('retry-after')).toBe('1');
    const postRes = await post(mcpUrl, call(1, 'get_tool', { id: 'pgbeam' }));
    expect(postRes.status).toBe(429);
    expect(await postRes.json()).toMatchObject({
      error: {
        message: 'Too many requests from your network. Wait 1 second before retrying.',
        data: { retryAfterSeconds: 1 },
      },
    });
  });

  it('surfaces the wait to an SDK client as an error that says when to retry', async () => {
    const { mcpUrl } = await start(new RefusingQuota('search', 30));
    const client = await v1Client.connect(mcpUrl);
    try {
      await expect(client.callTool('search_tools', {})).rejects.toThrow(
        /Wait 30 seconds before retrying/,
      );
    } finally {
      await client.close();
    }
  });
});
