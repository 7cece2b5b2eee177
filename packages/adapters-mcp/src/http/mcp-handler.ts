import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import {
  classifyInboundRequest,
  createMcpHandler,
  type Server,
} from '@modelcontextprotocol/server';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Serves one parsed (or, for a body `express.json` did not take, unread) MCP request. */
type McpRequestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody: unknown,
) => Promise<void>;

/**
 * Both protocol generations on one endpoint, from one server factory (so both see the same tools
 * and results), served the way the official v2 SDK documents for `node:http`:
 * - 2026-07-28 requests (a `_meta` protocol version on every request, `server/discover`, the
 *   `Mcp-Method`/`Mcp-Name` header checks, unsupported versions refused with the supported list)
 *   go to the SDK's `createMcpHandler` (its `auto` mode answers with one JSON body, as these
 *   tools send nothing before their result);
 * - 2025 requests (`initialize` first) go to a fresh stateless Streamable HTTP transport per
 *   request answering in JSON: the handler's own stateless fallback would answer them as SSE
 *   streams, which buys nothing for read-only tools and hides the body from compression.
 * The routing is the SDK's own classifier (`classifyInboundRequest`, what `createMcpHandler` and
 * `isLegacyRequest` route by), fed the three headers and the parsed body it reads, so the two
 * legs cannot disagree and no web `Request` is built just to ask; a body that was not parsed
 * (another content type) has no `_meta` claim, so it is the 2025 leg's to refuse.
 * `failed` hears what failed on the server's side: a request the SDK's adapter answered 500
 * (-32603) after a throw, and a per-request server or transport that failed to close (a
 * rejection nobody awaited would end the process).
 */
export function bothGenerationsHandler(
  factory: () => Server,
  maxRequestBodySize: number,
  failed: (error: unknown) => void,
): McpRequestHandler {
  const modern = toNodeHandler(
    createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize }),
    {
      maxRequestBodySize,
      onerror: failed,
    },
  );
  const legacy: McpRequestHandler = async (req, res, parsedBody) => {
    const server = factory();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.once('close', () => {
      transport.close().catch(failed);
      server.close().catch(failed);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsedBody);
  };
  return async (req, res, parsedBody) => {
    if (parsedBody === undefined) return legacy(req, res, undefined);
    const route = classifyInboundRequest({
      httpMethod: (req.method ?? 'POST').toUpperCase(),
      protocolVersionHeader: headerValue(req, 'mcp-protocol-version'),
      mcpMethodHeader: headerValue(req, 'mcp-method'),
      mcpNameHeader: headerValue(req, 'mcp-name'),
      body: parsedBody,
    });
    return route.kind === 'legacy' ? legacy(req, res, parsedBody) : modern(req, res, parsedBody);
  };
}

/** A request header as the web `Headers.get` gives it: repeated values joined by `, `. */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
