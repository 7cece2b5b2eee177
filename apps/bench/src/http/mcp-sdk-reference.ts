import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The MCP reference of `pnpm bench http`, run as its own process:
 * `node mcp-sdk-reference.js <2025-11-25|2026-07-28> <result.json>`. A bare `node:http` server
 * serving `POST /mcp` the way the official v2 SDK documents it — for 2026-07-28 its
 * `createMcpHandler`, for 2025-11-25 a fresh stateless transport answering in JSON per request —
 * with one tool, `search_tools`, whose every call returns the result in `result.json` (what the
 * service answered for the bench's call). Nothing else: no Express, no limits, no compression,
 * no log. It is the floor the SDK sets for any server built on it.
 */
const [generation, file] = process.argv.slice(2);
const result = JSON.parse(readFileSync(file!, 'utf8')) as CallToolResult;

function searchToolsServer(): Server {
  const server = new Server(
    { name: 'mcp-sdk-reference', version: '1.0.0' },
    { capabilities: { tools: {} }, supportedProtocolVersions: ['2025-11-25', '2026-07-28'] },
  );
  server.setRequestHandler('tools/list', () => ({
    tools: [{ name: 'search_tools', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler('tools/call', () => result);
  return server;
}

function modernListener(): RequestListener {
  const handle = toNodeHandler(createMcpHandler(searchToolsServer, { legacy: 'reject' }));
  return (req, res) => void handle(req, res);
}

function legacyListener(): RequestListener {
  return (req, res) => {
    const server = searchToolsServer();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  };
}

if (generation !== '2025-11-25' && generation !== '2026-07-28')
  throw new Error(`usage: mcp-sdk-reference.js <2025-11-25|2026-07-28> <result.json>`);
const server = createServer(generation === '2026-07-28' ? modernListener() : legacyListener());
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
server.keepAliveTimeout = 60_000;
