import { INTERNAL_ERROR_MESSAGE, jsonRpcError, type JsonRpcErrorBody } from '@reviews/http-common';

/**
 * JSON-RPC 2.0 errors for what this adapter answers itself, before or beside the SDK (rate
 * limit, unreadable body, wrong method): `jsonRpcError` of http-common, the same shape the SDK's
 * transport uses for its own HTTP-level refusals (406, 415), so MCP clients surface them the
 * same way.
 */
export { jsonRpcError, type JsonRpcErrorBody };

/** JSON-RPC's implementation-defined server error; the SDK uses it for HTTP-level refusals too. */
export const JSON_RPC_SERVER_ERROR = -32000;
export const JSON_RPC_PARSE_ERROR = -32700;
export const JSON_RPC_INVALID_REQUEST = -32600;
export const JSON_RPC_INTERNAL_ERROR = -32603;

/** The id of a single JSON-RPC request, so an error about it can be matched to it; else null. */
export function requestIdOf(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** What `/mcp` answers (HTTP 500) when its own code failed: nothing about what failed. */
export function internalError(): JsonRpcErrorBody {
  return jsonRpcError(JSON_RPC_INTERNAL_ERROR, INTERNAL_ERROR_MESSAGE);
}
