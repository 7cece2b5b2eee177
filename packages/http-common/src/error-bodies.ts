import { tooManyRequests } from './rate-limit-headers.js';

/**
 * The error answers of every path, one function a shape (docs/api.md#errors-and-statuses): the
 * JSON routes answer `{ "error": message }`, `/mcp` a JSON-RPC error, the website an HTML page
 * (`errorPage` in adapters-http, fed the same status, headers and message). The 500's message is
 * `INTERNAL_ERROR_MESSAGE`, the 429's `quotaRefusal`.
 */

/** `{ "error": message }`, the error body of every JSON route. */
export function errorBody(message: string): { error: string } {
  return { error: message };
}

/** JSON-RPC 2.0 error body: what `/mcp` answers itself, in the shape the SDK uses for its own. */
export interface JsonRpcErrorBody {
  readonly jsonrpc: '2.0';
  readonly id: string | number | null;
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/** A JSON-RPC error about the request `id` (null when it has none or cannot be read). */
export function jsonRpcError(
  code: number,
  message: string,
  options: { id?: string | number | null; data?: unknown } = {},
): JsonRpcErrorBody {
  const error =
    options.data === undefined ? { code, message } : { code, message, data: options.data };
  return { jsonrpc: '2.0', id: options.id ?? null, error };
}

/** The 429 of a refused rate-limit charge, in every shape: its status, `Retry-After` and message. */
export interface QuotaRefusal {
  readonly status: 429;
  readonly message: string;
  readonly headers: { readonly 'Retry-After': string };
}

export function quotaRefusal(retryAfterSeconds: number): QuotaRefusal {
  return {
    status: 429,
    message: tooManyRequests(retryAfterSeconds),
    headers: { 'Retry-After': String(retryAfterSeconds) },
  };
}
