import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { toolError, type McpTool } from '../tools/mcp-tool.js';
import {
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_INSTRUCTIONS,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
} from './server-identity.js';

/** What the MCP adapter needs from a logger (pino fits). */
export interface McpLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * One MCP server for one HTTP request (stateless serving). It is the SDK's low-level `Server`,
 * not `McpServer`, on purpose: SDK 1.32's `McpServer` answers an unknown tool name with an
 * `isError` result and reports input-schema violations in its own words, while contract §8
 * (and the MCP spec) want a JSON-RPC error for the former and an `isError` result naming the
 * argument and the rule for the latter. Here `tools/list` advertises each tool's strict schemas
 * and `tools/call` is this adapter's single error mapping: unknown tool → JSON-RPC -32602,
 * everything the client got wrong → `isError` result, anything else → logged, `isError` result
 * with retry advice and no internal detail.
 */
export function createMcpServer(
  tools: readonly McpTool[],
  logger: McpLogger,
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
    { capabilities: { tools: {} }, instructions: MCP_SERVER_INSTRUCTIONS },
  );
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const definitions = tools.map((tool) => tool.definition);
  const names = definitions.map((definition) => definition.name).join(', ');

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name, arguments: args } = request.params;
    const tool = byName.get(name);
    if (tool === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
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
