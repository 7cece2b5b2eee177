import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CacheHint,
} from '@modelcontextprotocol/server';
import type { Logger } from '@reviews/application';
import { toolError, type McpTool } from '../tools/mcp-tool.js';
import {
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_INSTRUCTIONS,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
} from './server-identity.js';

/**
 * The 2026-07-28 caching hints of the cacheable results this server has (`tools/list` and
 * `server/discover`): both change only with a deployment and are the same for every client, so
 * any cache may keep them for five minutes. 2025-era answers never carry them (the SDK's codec).
 */
const MCP_CACHE_HINT: Required<CacheHint> = { ttlMs: 300_000, cacheScope: 'public' };

/**
 * One MCP server for one HTTP request (stateless serving, either protocol generation: the SDK's
 * `createMcpHandler` calls this factory for 2026-07-28 requests and for the 2025 stateless
 * fallback alike, so both generations see the same tools and results). It is the SDK's
 * low-level `Server`, not `McpServer`, on purpose: docs/mcp.md#tools (and the MCP spec) want a
 * JSON-RPC error for an unknown tool and an `isError` result naming the argument and the rule
 * for a bad argument, in our words. `tools/call` is this adapter's single error mapping: unknown
 * tool → JSON-RPC -32602, everything the client got wrong → `isError` result, anything else →
 * logged, `isError` result with retry advice and no internal detail.
 */
export function createMcpServer(
  tools: readonly McpTool[],
  logger: Pick<Logger, 'error'>,
  websiteUrl: string,
): Server {
  const server = new Server(
    {
      name: MCP_SERVER_NAME,
      version: MCP_SERVER_VERSION,
      title: MCP_SERVER_TITLE,
      description: MCP_SERVER_DESCRIPTION,
      websiteUrl,
    },
    {
      capabilities: { tools: {} },
      instructions: MCP_SERVER_INSTRUCTIONS,
      supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      cacheHints: { 'tools/list': MCP_CACHE_HINT, 'server/discover': MCP_CACHE_HINT },
    },
  );
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const definitions = tools.map((tool) => tool.definition);
  const names = definitions.map((definition) => definition.name).join(', ');

  server.setRequestHandler('tools/list', () => ({ tools: definitions }));
  server.setRequestHandler('tools/call', (request) => {
    const { name, arguments: args } = request.params;
    const tool = byName.get(name);
    if (tool === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${name}". This server has: ${names}.`,
      );
    }
    try {
      return tool.call(args ?? {});
    } catch (error) {
      logger.error({ err: error, tool: name }, 'MCP tool call failed');
      return toolError('Something went wrong on our side. Try again in a minute.');
    }
  });
  return server;
}
