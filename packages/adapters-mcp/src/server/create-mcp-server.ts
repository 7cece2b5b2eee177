import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CacheHint,
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
 * One MCP server for one HTTP request (stateless serving, either protocol generation:
 * `bothGenerationsHandler` calls this factory through the SDK's `createMcpHandler` for
 * 2026-07-28 requests and for the fresh 2025 transport of each 2025 request, so both generations
 * see the same tools and results). It is the SDK's
 * low-level `Server`, not `McpServer`, on purpose: docs/mcp.md#tools (and the MCP spec) want a
 * JSON-RPC error for an unknown tool and an `isError` result naming the argument and the rule
 * for a bad argument, in our words. `tools/call` is this adapter's single error mapping: unknown
 * tool → JSON-RPC -32602, everything the client got wrong → `isError` result, anything else →
 * logged, `isError` result with retry advice and no internal detail.
 */
export function createMcpServer(
  tools: readonly McpTool[],
  features: McpCatalogFeatures,
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
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions: MCP_SERVER_INSTRUCTIONS,
      supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      cacheHints: CACHE_HINTS,
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
  serveCatalogFeatures(server, features);
  return server;
}

/**
 * Resources, prompts and completions: each a JSON-RPC request answered by the shared module, and
 * each failure a JSON-RPC error (-32602 for what the client got wrong, -32603 otherwise), as the
 * protocol asks of these methods.
 */
function serveCatalogFeatures(server: Server, features: McpCatalogFeatures): void {
  const prompts = new Map(features.prompts.map((prompt) => [prompt.definition.name, prompt]));
  const promptNames = [...prompts.keys()].join(', ');
  server.setRequestHandler('resources/list', (request) =>
    features.resources.list(request.params?.cursor),
  );
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [...RESOURCE_TEMPLATES],
  }));
  server.setRequestHandler('resources/read', (request) =>
    features.resources.read(request.params.uri),
  );
  server.setRequestHandler('prompts/list', () => ({
    prompts: features.prompts.map((prompt) => prompt.definition),
  }));
  server.setRequestHandler('prompts/get', (request) => {
    const prompt = prompts.get(request.params.name);
    if (prompt === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt "${request.params.name}". This server has: ${promptNames}.`,
      );
    }
    return prompt.get(request.params.arguments ?? {});
  });
  server.setRequestHandler('completion/complete', (request) => features.complete(request.params));
}
