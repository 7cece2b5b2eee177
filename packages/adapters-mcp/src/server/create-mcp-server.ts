import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CacheHint,
  type CallToolRequest,
  type CallToolResult,
  type CompleteRequest,
  type GetPromptRequest,
  type ListPromptsResult,
  type ListResourcesRequest,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type ReadResourceRequest,
} from '@modelcontextprotocol/server';
import type { Logger } from '@reviews/application';
import type { argumentCompletions } from '../completions/argument-completions.js';
import type { McpPrompt } from '../prompts/mcp-prompt.js';
import { RESOURCE_TEMPLATES, type toolResources } from '../resources/tool-resources.js';
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
 * The 2026-07-28 caching hints (SEP-2549) of every cacheable result this server has: the lists
 * (tools, prompts, resources, resource templates), `resources/read` and `server/discover`. They
 * are the same for every client and change at most with a deployment or a new publication — as
 * REST's `Cache-Control: public, max-age=300` (docs/api.md#every-response) — so any cache may
 * keep them for five minutes. Handed to the SDK, whose 2026 codec fills `ttlMs` and `cacheScope`;
 * 2025-era answers never carry them (the SDK's 2025 codec has no such fields).
 */
const MCP_CACHE_HINT: Required<CacheHint> = { ttlMs: 300_000, cacheScope: 'public' };
const CACHE_HINTS = {
  'tools/list': MCP_CACHE_HINT,
  'prompts/list': MCP_CACHE_HINT,
  'resources/list': MCP_CACHE_HINT,
  'resources/templates/list': MCP_CACHE_HINT,
  'resources/read': MCP_CACHE_HINT,
  'server/discover': MCP_CACHE_HINT,
} as const;

/** What one server offers besides its tools (docs/mcp.md#resources, #prompts, #completions). */
export interface McpCatalogFeatures {
  readonly resources: ReturnType<typeof toolResources>;
  readonly prompts: readonly McpPrompt[];
  readonly complete: ReturnType<typeof argumentCompletions>;
}

/**
 * The factory of the MCP server of one HTTP request (stateless serving, either protocol
 * generation: `bothGenerationsHandler` calls it through the SDK's `createMcpHandler` for
 * 2026-07-28 requests and for the fresh 2025 transport of each 2025 request, so both generations
 * see the same tools and results). The SDK wants a fresh server per request; everything that is
 * the same for every request (the identity, the options, the handlers and what they look up) is
 * built here once, so a request pays only for the server object and its handler registrations.
 * It is the SDK's low-level `Server`, not `McpServer`, on purpose: docs/mcp.md#tools (and the MCP
 * spec) want a JSON-RPC error for an unknown tool and an `isError` result naming the argument and
 * the rule for a bad argument, in our words. `tools/call` is this adapter's single error mapping:
 * unknown tool → JSON-RPC -32602, everything the client got wrong → `isError` result, anything
 * else → logged, `isError` result with retry advice and no internal detail.
 */
export function mcpServerFactory(
  tools: readonly McpTool[],
  features: McpCatalogFeatures,
  logger: Pick<Logger, 'error'>,
  websiteUrl: string,
): () => Server {
  const identity = {
    name: MCP_SERVER_NAME,
    version: MCP_SERVER_VERSION,
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    websiteUrl,
  };
  const capabilities = { tools: {}, resources: {}, prompts: {}, completions: {} };
  const register = handlerTable(tools, features, logger);
  return () => {
    const server = new Server(identity, {
      capabilities,
      instructions: MCP_SERVER_INSTRUCTIONS,
      // A copy: the SDK may extend a server's list with the versions it serves.
      supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      cacheHints: CACHE_HINTS,
    });
    register(server);
    return server;
  };
}

/**
 * Registers this server's request handlers on a server. The handlers, and the tables they read,
 * are made once; `setRequestHandler` is typed per method, hence one call per method here.
 */
function handlerTable(
  tools: readonly McpTool[],
  features: McpCatalogFeatures,
  logger: Pick<Logger, 'error'>,
): (server: Server) => void {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const toolList = { tools: tools.map((tool) => tool.definition) };
  const names = [...byName.keys()].join(', ');
  const prompts = new Map(features.prompts.map((prompt) => [prompt.definition.name, prompt]));
  const promptNames = [...prompts.keys()].join(', ');
  const promptList = { prompts: features.prompts.map((prompt) => prompt.definition) };

  const listTools = (): ListToolsResult => toolList;
  const callTool = (request: CallToolRequest): CallToolResult => {
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
  };
  // Resources, prompts and completions: each a JSON-RPC request answered by the shared module,
  // and each failure a JSON-RPC error (-32602 for what the client got wrong, -32603 otherwise),
  // as the protocol asks of these methods.
  const listResources = (request: ListResourcesRequest) =>
    features.resources.list(request.params?.cursor);
  const listTemplates = (): ListResourceTemplatesResult => ({
    resourceTemplates: [...RESOURCE_TEMPLATES],
  });
  const readResource = (request: ReadResourceRequest) =>
    features.resources.read(request.params.uri);
  const listPrompts = (): ListPromptsResult => promptList;
  const getPrompt = (request: GetPromptRequest) => {
    const prompt = prompts.get(request.params.name);
    if (prompt === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt "${request.params.name}". This server has: ${promptNames}.`,
      );
    }
    return prompt.get(request.params.arguments ?? {});
  };
  const complete = (request: CompleteRequest) => features.complete(request.params);

  return (server) => {
    server.setRequestHandler('tools/list', listTools);
    server.setRequestHandler('tools/call', callTool);
    server.setRequestHandler('resources/list', listResources);
    server.setRequestHandler('resources/templates/list', listTemplates);
    server.setRequestHandler('resources/read', readResource);
    server.setRequestHandler('prompts/list', listPrompts);
    server.setRequestHandler('prompts/get', getPrompt);
    server.setRequestHandler('completion/complete', complete);
  };
}
