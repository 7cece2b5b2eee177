import {
  NOSNIFF,
  NOSNIFF_HEADER,
  REQUEST_ID_HEADER,
  errorBody,
  jsonRpcError,
} from '@reviews/http-common';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { REFUSAL_CORS_HEADERS } from '../shared/cors.middleware.js';

/**
 * Refusals written outside Express (by the server itself: parser errors, `Expect`, capacity)
 * still have the shape their route promises (docs/api.md#every-response, docs/mcp.md#tools):
 * JSON-RPC for `/mcp`, `{ error }` everywhere else, with the headers every response carries. `code`
 * is the JSON-RPC error's: -32600 (invalid request) for a refusal, -32603 for a failure of ours.
 */
export function refusalBody(path: string | undefined, message: string, code = -32600): string {
  return JSON.stringify(
    path !== undefined && isMcpEndpoint(path) ? jsonRpcError(code, message) : errorBody(message),
  );
}

/** `/mcp` itself (JSON-RPC), not `/mcp/server-card` (a plain JSON document). */
function isMcpEndpoint(path: string): boolean {
  return /^\/mcp\/?(?:[?#]|$)/.test(path);
}

/** The headers of a refusal, `Connection: close` included: the connection is not reused. */
export function refusalHeaders(
  body: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    [NOSNIFF_HEADER]: NOSNIFF,
    [REQUEST_ID_HEADER]: randomUUID(),
    ...REFUSAL_CORS_HEADERS,
    Connection: 'close',
    ...extra,
  };
}

/** A whole HTTP/1.1 response as bytes, for a socket whose request never became a request. */
export function rawRefusal(
  status: number,
  path: string | undefined,
  message: string,
  extra: Record<string, string> = {},
): string {
  const body = refusalBody(path, message);
  const head = Object.entries(refusalHeaders(body, extra))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${head}\r\n${body}`;
}

/**
 * The path of the request line the parser choked on, if it is in `packet` and readable: the
 * parser's refusals come with the bytes it was reading and where it stopped (`errorAt`). When
 * pipelined requests share the packet, the refused one begins after the last head that ended
 * before that point.
 */
export function requestLinePath(packet: Buffer | undefined, errorAt = 0): string | undefined {
  if (packet === undefined) return undefined;
  // A blank line that ends by `errorAt` (not the refused request's own, reached at the error).
  const endOfHead = errorAt >= 4 ? packet.lastIndexOf('\r\n\r\n', errorAt - 4) : -1;
  const start = endOfHead < 0 ? 0 : endOfHead + 4;
  const line = /^[A-Za-z]{1,20} (\/\S{0,2048})(?: |\r?\n)/.exec(
    packet.subarray(start, start + 2100).toString('latin1'),
  );
  return line?.[1];
}
