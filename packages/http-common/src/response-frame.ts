import { randomUUID } from 'node:crypto';

/**
 * The frame every response gets, on every path (Express, the cached reads, the server's own
 * refusals, the metrics listener; docs/api.md#every-response): an `X-Request-Id` and
 * `X-Content-Type-Options: nosniff`. This module is the one place those headers are spelled.
 */

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** No browser guesses a body's type from its bytes: every response is read as its `Content-Type`. */
export const NOSNIFF_HEADER = 'X-Content-Type-Options';
export const NOSNIFF = 'nosniff';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request id of a response: the client's own `X-Request-Id` when it is at most 128 characters
 * of `[A-Za-z0-9._-]`, otherwise a new one. Logs use the same id.
 */
export function requestIdFor(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * The frame's headers in their order, as a flat `[name, value, …]` list for `writeHead`:
 * `X-Request-Id` and `nosniff`.
 */
export function frameHeaderList(requestId: string): string[] {
  return [REQUEST_ID_HEADER, requestId, NOSNIFF_HEADER, NOSNIFF];
}

/** Sets the frame's headers on `res`, in the same order. */
export function setFrameHeaders(
  res: { setHeader(name: string, value: string): unknown },
  requestId: string,
): void {
  res.setHeader(REQUEST_ID_HEADER, requestId);
  res.setHeader(NOSNIFF_HEADER, NOSNIFF);
}
