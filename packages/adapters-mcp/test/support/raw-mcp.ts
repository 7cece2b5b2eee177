/** Headers of a JSON-RPC POST to `/mcp` as the Streamable HTTP transport sends them. */
export const MCP_JSON_HEADERS = {
  Accept: 'application/json, text/event-stream',
  'Content-Type': 'application/json',
} as const;

/** A legacy (2025-11-25) `initialize` request, for tests that speak raw HTTP. */
export function initializeRequest(clientName: string) {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: clientName, version: '1.0.0' },
    },
  };
}

/** What `/mcp` answers (HTTP 400) to a body nested more than 64 levels deep. */
export const TOO_DEEP_ANSWER = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message: 'Invalid request: the request body nests arrays and objects more than 64 levels deep.',
  },
} as const;
