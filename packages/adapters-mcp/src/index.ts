/**
 * The MCP driving adapter: `search_tools` and `get_tool` over stateless Streamable HTTP at
 * `POST /mcp`, built on the same use cases, schemas and quota as the REST API, plus the server
 * card. Mount `mcpEndpoint(deps).router` in the HTTP app and give `mcpMethodsFor` to its `methodsFor`.
 */
export { mcpEndpoint, mcpMethodsFor, type McpEndpoint } from './http/mcp.routes.js';
export { MCP_PATH } from './http/server-card.js';
export { isLoopbackListenAddress } from './http/origin-guard.js';
export {
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
} from './server/server-identity.js';
