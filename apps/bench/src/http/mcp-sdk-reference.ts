import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import {
  classifyInboundRequest,
  createMcpHandler,
  Server,
  type CallToolResult,
} from '@modelcontextprotocol/server';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The MCP reference of `pnpm bench http`, run as its own process:
 * `node mcp-sdk-reference.js <result.json>`. A bare `node:http` server answering `POST /mcp` in
 * both protocol generations, on one endpoint as the service must, the way the official v2 SDK
 * documents it: the body read and parsed, the request routed by the SDK's own classifier
 * (`classifyInboundRequest`, what `createMcpHandler` and `isLegacyRequest` decide by) to a strict
 * `createMcpHandler` for 2026-07-28 or to a fresh stateless transport answering in JSON for
 * 2025-11-25. One tool, `search_tools`, whose every call returns the result in `result.json`
 * (what the service answered for the bench's call). Nothing else: no Express, no limits, no
 * compression, no log. It is the floor the SDK sets for any server built on it.
 */
const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: mcp-sdk-reference.js <result.json>');
const result = JSON.parse(readFileSync(file, 'utf8')) as CallToolResult;

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

const modern = toNodeHandler(createMcpHandler(searchToolsServer, { legacy: 'reject' }));

async function legacy(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  const server = searchToolsServer();
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const header = (name: string) => req.headers[name] as string | undefined;
  const route = classifyInboundRequest({
    httpMethod: req.method ?? 'POST',
    protocolVersionHeader: header('mcp-protocol-version'),
    mcpMethodHeader: header('mcp-method'),
    mcpNameHeader: header('mcp-name'),
    body,
  });
  await (route.kind === 'legacy' ? legacy(req, res, body) : modern(req, res, body));
}

// A body that is not JSON (the bench sends none) gets a bare 400 rather than ending the process.
const server = createServer((req, res) => {
  answer(req, res).catch(() => {
    if (!res.headersSent) res.writeHead(400);
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
server.keepAliveTimeout = 60_000;
