import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mcpMethodsFor } from '../src/index.js';
import { fixtureTools } from './support/catalog-fixture.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';
import { initializeRequest, MCP_JSON_HEADERS, TOO_DEEP_ANSWER } from './support/raw-mcp.js';

let api: RunningMcpApi;
beforeAll(async () => {
  api = await startMcpApi(fixtureTools());
});
afterAll(() => api.close());

const MCP_ACCEPT = MCP_JSON_HEADERS.Accept;
const initialize = initializeRequest('raw-http-test');

function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(api.mcpUrl, {
    method: 'POST',
    headers: { ...MCP_JSON_HEADERS, ...headers },
    body,
  });
}

describe('POST /mcp', () => {
  it('answers initialize with JSON (not SSE) and no session id: the endpoint is stateless', async () => {
    const res = await post(JSON.stringify(initialize));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-11-25' },
    });
  });

  it('answers a tools/call without any earlier initialize on this connection', async () => {
    const res = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'a',
        method: 'tools/call',
        params: { name: 'get_tool', arguments: { id: 'pgbeam' } },
      }),
      { 'Mcp-Protocol-Version': '2025-11-25' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: 'a',
      result: { structuredContent: { tool: { id: 'pgbeam' } } },
    });
  });

  it('accepts a notification with 202 and no body', async () => {
    const res = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it.each([
    ['no Accept header', undefined],
    ['Accept: application/json only', 'application/json'],
    ['Accept: text/event-stream only', 'text/event-stream'],
  ])('gets the SDK’s own 406 JSON-RPC error, not a 500, with %s', async (_case, accept) => {
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(accept === undefined ? {} : { Accept: accept }),
      },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: 'Not Acceptable: Client must accept both application/json and text/event-stream',
      },
    });
    expect(api.logger.errors).toEqual([]);
  });

  it('gets the SDK’s 415 for a body that is not application/json', async () => {
    const res = await post(JSON.stringify(initialize), { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      error: {
        code: -32000,
        message: expect.stringMatching(/Content-Type must be application\/json/),
      },
    });
  });

  it('gets a JSON-RPC parse error (-32700) with 400 for a body that is not JSON', async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the request body is not valid JSON.' },
    });
  });

  it('refuses a body over 64 KiB with 413 and a JSON-RPC error', async () => {
    const res = await post(JSON.stringify({ ...initialize, padding: 'x'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32600, message: expect.stringMatching(/64 KiB/) },
    });
  });

  it('refuses a body nested more than 64 levels deep with 400 and -32600, and takes 64', async () => {
    // `params` is the second level: 62 more arrays inside it make 64.
    const nested = (depth: number) =>
      JSON.stringify({ ...initialize, params: { ...initialize.params, x: '[[' } }).replace(
        '"x":"[["',
        `"x":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}`,
      );
    expect((await post(nested(64))).status).toBe(200);
    const res = await post(nested(65));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(TOO_DEEP_ANSWER);
  });

  it('refuses JSON in a charset other than UTF-8 with 415 and -32600', async () => {
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_JSON_HEADERS, 'Content-Type': 'application/json; charset=utf-16le' },
      body: Buffer.from(JSON.stringify(initialize), 'utf16le'),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request: the request body must be UTF-8 JSON.' },
    });
  });
});

describe('other methods on /mcp', () => {
  it.each(['GET', 'DELETE', 'PUT'])(
    '%s is 405 with Allow: POST, OPTIONS and a JSON-RPC error body',
    async (method) => {
      const res = await fetch(api.mcpUrl, { method, headers: { Accept: MCP_ACCEPT } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: `Method not allowed: ${method}. This MCP endpoint is stateless (no SSE stream, no sessions); send JSON-RPC messages with POST.`,
        },
      });
    },
  );

  it('tells the app which methods each of its paths takes, for CORS preflights', () => {
    expect(mcpMethodsFor('/mcp')).toEqual(['POST', 'OPTIONS']);
    expect(mcpMethodsFor('/mcp/server-card')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(mcpMethodsFor('/.well-known/mcp/server-card.json')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(mcpMethodsFor('/api/v1/tools')).toBeUndefined();
  });
});
