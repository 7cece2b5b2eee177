import { toNodeHandler, type NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpHandlerRequestOptions,
} from '@modelcontextprotocol/server';
import type { Server } from '@modelcontextprotocol/server';

/**
 * Both protocol generations on one endpoint, from one server factory (so both see the same tools
 * and results), through the official v2 SDK:
 * - 2026-07-28 requests (a `_meta` protocol version on every request, `server/discover`, the
 *   `Mcp-Method`/`Mcp-Name` header checks, unsupported versions refused with the supported list)
 *   go to the SDK's `createMcpHandler` (its `auto` mode answers with one JSON body, as these
 *   tools send nothing before their result);
 * - 2025 requests (`initialize` first) go to a fresh stateless Streamable HTTP transport per
 *   request with JSON responses — the SDK's own stateless fallback would answer them as SSE
 *   streams, which buys nothing for two read-only tools and hides the body from compression.
 * The routing is the SDK's own `isLegacyRequest`, so the two legs cannot disagree.
 * `failed` hears what failed on the server's side: a request the SDK's adapter answered 500
 * (-32603) after a throw, and a per-request server or transport that failed to close (a
 * rejection nobody awaited would end the process).
 */
export function bothGenerationsHandler(
  factory: () => Server,
  maxRequestBodySize: number,
  failed: (error: unknown) => void,
): NodeMcpRequestHandler {
  const modern = createMcpHandler(factory, {
    legacy: 'reject',
    maxRequestBodySize,
  });
  const legacy = async (request: Request, options?: McpHandlerRequestOptions) => {
    const server = factory();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: options?.parsedBody });
    } finally {
      transport.close().catch(failed);
      server.close().catch(failed);
    }
  };
  return toNodeHandler(
    {
      fetch: async (request, options) =>
        (await isLegacyRequest(request, options?.parsedBody, { maxRequestBodySize }))
          ? legacy(request, options)
          : modern.fetch(request, options),
    },
    { maxRequestBodySize, onerror: failed },
  );
}
