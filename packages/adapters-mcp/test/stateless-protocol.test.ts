import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MCP_PROTOCOL_VERSIONS, MCP_SERVER_NAME, MCP_SERVER_VERSION } from '../src/index.js';
import { fixtureTools } from './support/catalog-fixture.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';

/**
 * Protocol 2026-07-28 on the wire, with no SDK client in between: no initialize, no session;
 * the protocol version and client capabilities travel in every request's `_meta`, and the
 * `Mcp-Method`/`Mcp-Name` headers must agree with the body.
 */
let api: RunningMcpApi;
beforeAll(async () => {
  api = await startMcpApi(fixtureTools());
});
afterAll(() => api.close());

const VERSION = '2026-07-28';

function meta(version = VERSION) {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

interface Exchange {
  readonly status: number;
  readonly headers: Headers;
  readonly body: {
    jsonrpc: string;
    id: number | string | null;
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: Record<string, unknown> };
  };
}

async function send(
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  const name: Record<string, string> =
    typeof params['name'] === 'string' ? { 'Mcp-Name': params['name'] } : {};
  const res = await fetch(api.mcpUrl, {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      'Mcp-Protocol-Version': VERSION,
      'Mcp-Method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  expect(res.headers.get('mcp-session-id')).toBeNull();
  return { status: res.status, headers: res.headers, body: (await res.json()) as Exchange['body'] };
}

describe('MCP 2026-07-28, stateless', () => {
  it('answers a tools/call with _meta and no handshake with the REST body', async () => {
    const { status, body } = await send('tools/call', {
      name: 'search_tools',
      arguments: { q: 'postgres', limit: 5 },
      _meta: meta(),
    });
    expect(status).toBe(200);
    expect(body.id).toBe(7);
    const expected = api.searchTools.execute({ q: 'postgres', limit: 5 });
    if (!expected.ok) throw new Error('the fixture search must succeed');
    expect(body.result?.['structuredContent']).toEqual(expected.value);
    expect(body.result?.['isError']).toBeUndefined();
  });

  it('answers server/discover with the served versions, the tools capability and who it is', async () => {
    const { status, body } = await send('server/discover', { _meta: meta() });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      supportedVersions: [VERSION],
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions: expect.stringMatching(/search_tools first/),
      ttlMs: 300_000,
      cacheScope: 'public',
      _meta: {
        'io.modelcontextprotocol/serverInfo': {
          name: MCP_SERVER_NAME,
          version: MCP_SERVER_VERSION,
        },
      },
    });
    expect(MCP_PROTOCOL_VERSIONS).toContain(VERSION);
    expect(MCP_PROTOCOL_VERSIONS).toContain('2025-11-25');
  });

  it('gives tools/list the caching hints', async () => {
    const { body } = await send('tools/list', { _meta: meta() });
    expect(body.result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    expect((body.result?.['tools'] as Array<{ name: string }>).map((t) => t.name)).toEqual([
      'search_tools',
      'get_tool',
    ]);
  });

  it('gives every list and resources/read the caching hints (SEP-2549)', async () => {
    const calls: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      ['prompts/list', {}, {}],
      ['resources/list', {}, {}],
      ['resources/templates/list', {}, {}],
      [
        'resources/read',
        { uri: 'reviews://tools/pgbeam' },
        { 'Mcp-Name': 'reviews://tools/pgbeam' },
      ],
      [
        'resources/read',
        { uri: 'reviews://categories/Databases' },
        { 'Mcp-Name': 'reviews://categories/Databases' },
      ],
    ];
    for (const [method, params, headers] of calls) {
      const { status, body } = await send(method, { ...params, _meta: meta() }, headers);
      expect([method, status]).toEqual([method, 200]);
      expect([method, body.result]).toEqual([
        method,
        expect.objectContaining({ ttlMs: 300_000, cacheScope: 'public', resultType: 'complete' }),
      ]);
    }
  });

  it('never puts the caching hints on 2025-era answers (the SDK codec of that generation)', async () => {
    for (const [method, params] of [
      ['tools/list', {}],
      ['resources/list', {}],
      ['resources/read', { uri: 'reviews://tools/pgbeam' }],
      ['resources/read', { uri: 'reviews://categories/Databases' }],
    ] as const) {
      const res = await fetch(api.mcpUrl, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          'MCP-Protocol-Version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method, params }),
      });
      const body = (await res.json()) as { result?: Record<string, unknown> };
      expect([method, res.status, body.result !== undefined]).toEqual([method, 200, true]);
      expect(body.result).not.toHaveProperty('ttlMs');
      expect(body.result).not.toHaveProperty('cacheScope');
    }
  });

  it('refuses a Mcp-Name header that disagrees with the body, saying which', async () => {
    const { status, body } = await send(
      'tools/call',
      { name: 'search_tools', arguments: {}, _meta: meta() },
      { 'Mcp-Name': 'get_tool' },
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: -32020,
      message: expect.stringMatching(/headers and body disagree.*search_tools.*get_tool/),
    });
    expect(body.id).toBe(7);
  });

  it('refuses a Mcp-Method header that disagrees with the body', async () => {
    const { status, body } = await send(
      'tools/list',
      { _meta: meta() },
      { 'Mcp-Method': 'tools/call' },
    );
    expect(status).toBe(400);
    expect(body.error?.code).toBe(-32020);
  });

  it('refuses an unsupported protocol version with the list it supports', async () => {
    const { status, body } = await send(
      'tools/list',
      { _meta: meta('2099-01-01') },
      { 'Mcp-Protocol-Version': '2099-01-01' },
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: -32022,
      message: 'Unsupported protocol version: 2099-01-01',
      data: { supported: [VERSION], requested: '2099-01-01' },
    });
    expect(body.id).toBe(7);
  });

  it('answers logging/setLevel, which this server does not offer, with -32601 Method not found', async () => {
    const { body } = await send('logging/setLevel', { level: 'info', _meta: meta() });
    expect(body.error?.code).toBe(-32601);
  });
});

describe('MCP 2025-11-25 on the same endpoint', () => {
  it('answers logging/setLevel with -32601 Method not found as well', async () => {
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: {
        Accept: 'application/json, text/event-stream',
        'Content-Type': 'application/json',
        'Mcp-Protocol-Version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'logging/setLevel',
        params: { level: 'info' },
      }),
    });
    expect(((await res.json()) as Exchange['body']).error?.code).toBe(-32601);
  });
});

describe('the server card’s supportedProtocolVersions', () => {
  it('lists only versions this endpoint serves, and both generations', async () => {
    const card = (await (await fetch(`${api.url}/mcp/server-card`)).json()) as {
      remotes: Array<{ supportedProtocolVersions: string[] }>;
    };
    const versions = card.remotes[0]?.supportedProtocolVersions ?? [];
    expect(versions).toEqual(expect.arrayContaining([VERSION, '2025-11-25']));
    for (const version of versions) {
      const modern = version >= VERSION;
      const res = await fetch(api.mcpUrl, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          ...(modern ? { 'Mcp-Protocol-Version': version, 'Mcp-Method': 'tools/list' } : {}),
        },
        body: JSON.stringify(
          modern
            ? { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta(version) } }
            : {
                jsonrpc: '2.0',
                id: 1,
                method: 'initialize',
                params: {
                  protocolVersion: version,
                  capabilities: {},
                  clientInfo: { name: 'card-test', version: '1.0.0' },
                },
              },
        ),
      });
      const body = (await res.json()) as Exchange['body'];
      expect({ version, status: res.status }).toEqual({ version, status: 200 });
      if (!modern) expect(body.result?.['protocolVersion']).toBe(version);
      else expect(body.result?.['tools']).toHaveLength(2);
    }
  });
});
