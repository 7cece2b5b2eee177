import { errorBodyFor, frameHeaderList, requestIdFor } from '@reviews/http-common';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { REFUSAL_CORS_HEADERS } from '../shared/cors.middleware.js';

/**
 * Refusals written outside Express (by the server itself: parser errors, `Expect`, capacity)
 * still have the shape their route promises (`errorBodyFor`: JSON-RPC for `/mcp`, `{ error }`
 * everywhere else) and the frame every response carries. `code` is the JSON-RPC error's: -32600
 * (invalid request) for a refusal, -32603 for a failure of ours.
 */
export function refusalBody(path: string | undefined, message: string, code = -32600): string {
  return JSON.stringify(errorBodyFor(path, message, code));
}

/**
 * The headers of a refusal, `Connection: close` included: the connection is not reused. The
 * request id is the request's own (`requestIdFor`) when a request was read, a new one otherwise.
 */
export function refusalHeaders(
  body: string,
  req: IncomingMessage | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
  };
  const frame = frameHeaderList(requestIdFor(req?.headers['x-request-id']));
  for (let i = 0; i < frame.length; i += 2) headers[frame[i]!] = frame[i + 1]!;
  return { ...headers, ...REFUSAL_CORS_HEADERS, Connection: 'close', ...extra };
}

/**
 * A whole HTTP/1.1 response as bytes, for a socket whose request never became a request (or,
 * for CONNECT, `req`, whose id it keeps).
 */
export function rawRefusal(
  status: number,
  path: string | undefined,
  message: string,
  extra: Record<string, string> = {},
  req?: IncomingMessage,
): string {
  const body = refusalBody(path, message);
  const head = Object.entries(refusalHeaders(body, req, extra))
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
