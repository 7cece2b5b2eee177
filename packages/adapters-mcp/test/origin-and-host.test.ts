import { afterEach, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { fixtureTools } from './support/catalog-fixture.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';
import { RecordingQuota } from './support/quota-fakes.js';
import { initializeRequest, MCP_JSON_HEADERS } from './support/raw-mcp.js';

let api: RunningMcpApi | undefined;
afterEach(() => api?.close());

const OWN_ORIGIN = 'https://reviews.example'; // the test profile's PUBLIC_BASE_URL
const CONFIGURED_ORIGIN = 'https://agents.example.org';
const EVIL_ORIGIN = 'http://evil.example.com';

async function start(options: { loopbackOnly?: boolean } = {}) {
  const quota = new RecordingQuota();
  api = await startMcpApi(fixtureTools(), {
    quota,
    allowedOrigins: [CONFIGURED_ORIGIN],
    ...options,
  });
  return { api, quota };
}

const legacyMessages = {
  initialize: initializeRequest('origin-test'),
  'tools/list': { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  'tools/call': {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'get_tool', arguments: { id: 'pgbeam' } },
  },
  ping: { jsonrpc: '2.0', id: 4, method: 'ping' },
};

/** A raw HTTP/1.1 exchange, for headers fetch would not send as given (a bad Host). */
async function rawRequest(port: number, head: string, body = ''): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end(
    `${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  let text = '';
  socket.setEncoding('utf8');
  for await (const chunk of socket) text += String(chunk);
  return text;
}

describe('Origin on /mcp', () => {
  it.each(Object.entries(legacyMessages))(
    'refuses %s from an evil origin with 403 and a JSON body that says why, charging nothing',
    async (_method, message) => {
      const { api, quota } = await start();
      const res = await fetch(api.mcpUrl, {
        method: 'POST',
        headers: { ...MCP_JSON_HEADERS, Origin: EVIL_ORIGIN },
        body: JSON.stringify(message),
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32000,
          message: expect.stringContaining(`origin "${EVIL_ORIGIN}" may not call`),
        },
      });
      expect(quota.charges).toEqual([]);
    },
  );

  it.each(['GET', 'DELETE', 'OPTIONS', 'PUT'])(
    'refuses %s from an evil origin with 403 too',
    async (method) => {
      const { api, quota } = await start();
      const res = await fetch(api.mcpUrl, {
        method,
        headers: { Origin: EVIL_ORIGIN, 'Access-Control-Request-Method': 'POST' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: -32000 } });
      expect(quota.charges).toEqual([]);
    },
  );

  it('refuses a 2026-07-28 request from an evil origin', async () => {
    const { api } = await start();
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: {
        ...MCP_JSON_HEADERS,
        Origin: EVIL_ORIGIN,
        'Mcp-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(res.status).toBe(403);
  });

  it.each([
    ['the service’s own origin', OWN_ORIGIN],
    ['a configured origin', CONFIGURED_ORIGIN],
  ])('serves %s, naming it in Access-Control-Allow-Origin', async (_label, origin) => {
    const { api } = await start();
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_JSON_HEADERS, Origin: origin },
      body: JSON.stringify(legacyMessages['tools/list']),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('vary')).toMatch(/Origin/);
    const body = (await res.json()) as { result: { tools: Array<{ name: string }> } };
    expect(body.result.tools.map((tool) => tool.name)).toEqual(['search_tools', 'get_tool']);
  });

  it('answers an allowed origin’s preflight with the MCP headers a page may send', async () => {
    const { api } = await start();
    const res = await fetch(api.mcpUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: CONFIGURED_ORIGIN,
        'Access-Control-Request-Method': 'POST',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(CONFIGURED_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toMatch(
      /Mcp-Protocol-Version.*Mcp-Method.*Mcp-Name/,
    );
  });

  it('serves a request with no Origin (every client that is not a web page)', async () => {
    const { api, quota } = await start();
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: MCP_JSON_HEADERS,
      body: JSON.stringify(legacyMessages['tools/call']),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(quota.charges).toHaveLength(1);
  });
});

describe('Host on /mcp', () => {
  it('refuses a Host that is not a host name with a JSON-RPC error, before any quota', async () => {
    const { api, quota } = await start();
    const port = Number(new URL(api.url).port);
    const body = JSON.stringify(legacyMessages['tools/list']);
    const answer = await rawRequest(
      port,
      `POST /mcp HTTP/1.1\r\nHost: bad host!\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream`,
      body,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Bad request: the Host header "bad host!" is not a host name.',
      },
    });
    expect(quota.charges).toEqual([]);
  });

  it('when listening on loopback only, refuses another host name with 403, before any quota', async () => {
    const { api, quota } = await start({ loopbackOnly: true });
    const port = Number(new URL(api.url).port);
    const answer = await rawRequest(
      port,
      `POST /mcp HTTP/1.1\r\nHost: evil.example.com:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream`,
      JSON.stringify(legacyMessages['tools/list']),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toMatch(
      /"code":-32000,"message":"Forbidden: this server listens on loopback only/,
    );
    expect(quota.charges).toEqual([]);
  });

  it('when listening on loopback only, serves loopback names and the page of its own address', async () => {
    const { api } = await start({ loopbackOnly: true });
    const port = new URL(api.url).port;
    for (const origin of [`http://127.0.0.1:${port}`, undefined]) {
      const res = await fetch(api.mcpUrl, {
        method: 'POST',
        headers: { ...MCP_JSON_HEADERS, ...(origin === undefined ? {} : { Origin: origin }) },
        body: JSON.stringify(legacyMessages.ping),
      });
      expect(res.status).toBe(200);
    }
    const other = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_JSON_HEADERS, Origin: `http://localhost:${Number(port) + 1}` },
      body: JSON.stringify(legacyMessages.ping),
    });
    expect(other.status).toBe(403);
  });
});

describe('an undecodable body on /mcp', () => {
  it('answers a corrupt Content-Encoding with a JSON-RPC error, not the REST error shape', async () => {
    const { api } = await start();
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_JSON_HEADERS, 'Content-Encoding': 'gzip' },
      body: 'this is not gzip at all',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32700,
        message: 'Parse error: the request body could not be decoded as Content-Encoding "gzip".',
      },
    });
  });

  it('answers an unknown Content-Encoding with a JSON-RPC error', async () => {
    const { api } = await start();
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_JSON_HEADERS, 'Content-Encoding': 'zstd-ish' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('still serves a correctly gzipped request', async () => {
    const { api } = await start();
    const res = await fetch(api.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_JSON_HEADERS, 'Content-Encoding': 'gzip' },
      body: gzipSync(JSON.stringify(legacyMessages.ping)),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
  });
});
