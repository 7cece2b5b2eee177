/**
 * The MCP driving adapter: `search_tools` and `get_tool` over stateless Streamable HTTP at
 * `POST /mcp`, built on the same use cases, schemas and quota as the REST API, plus the server
 * card. Mount `mcpRoutes(deps)` in the HTTP app and give `mcpMethodsFor` to its `methodsFor`.
 */
export {
  MCP_ENDPOINT_METHODS,
  MCP_MAX_BODY_BYTES,
  mcpMethodsFor,
  mcpRoutes,
  SERVER_CARD_METHODS,
} from './http/mcp.routes.js';
export type { McpRoutesDeps } from './http/mcp.routes.js';
export {
  MCP_PATH,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_PATHS,
  SERVER_CARD_SCHEMA_URL,
  serverCard,
} from './http/server-card.js';
export type { ServerCard } from './http/server-card.js';
export { SERVER_CARD_CACHE_CONTROL } from './http/server-card.routes.js';
export type { JsonRpcErrorBody } from './http/json-rpc-error.js';
export {
  isLoopbackListenAddress,
  LOOPBACK_HOSTNAMES,
  mcpOriginPolicy,
} from './http/origin-guard.js';
export type { McpOriginPolicy } from './http/origin-guard.js';
export { createMcpServer } from './server/create-mcp-server.js';
export type { McpLogger } from './server/create-mcp-server.js';
export { MCP_CACHE_HINT } from './server/create-mcp-server.js';
export {
  MCP_PROTOCOL_VERSIONS,
  MCP_STATELESS_PROTOCOL_VERSION,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_INSTRUCTIONS,
  MCP_SERVER_NAME,
  MCP_SERVER_NAMESPACE,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
} from './server/server-identity.js';
export { SEARCH_TOOLS_TOOL_NAME, searchToolsTool } from './tools/search-tools.tool.js';
export { GET_TOOL_TOOL_NAME, getToolTool } from './tools/get-tool.tool.js';
export { cachedTool, DEFAULT_CACHED_RESULTS } from './tools/cached-tool.js';
export { READ_ONLY_TOOL_ANNOTATIONS } from './tools/mcp-tool.js';
export type { McpTool } from './tools/mcp-tool.js';
export { renderDetailResult, renderSearchResult } from './tools/markdown-rendering.js';
