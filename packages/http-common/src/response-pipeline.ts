import type { QuotaOutcome } from '@reviews/application';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ifNoneMatchHits } from './conditional-request.js';
import { errorBody, jsonRpcError, quotaRefusal, type QuotaRefusal } from './error-bodies.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

/**
 * The response pipeline: one function for each step every response goes through, whichever path
 * sends it (the Express app, the cached-read path in front of it, the server's own refusals, the
 * MCP routes, the metrics listener; docs/api.md#every-response). A header or status a step
 * decides is decided here and nowhere else; compression (`compression.ts`) and the access log
 * line (`access-log.middleware.ts`) are the HTTP adapter's, as they need its libraries.
 */

type HeaderTarget = Pick<ServerResponse, 'setHeader' | 'getHeader'>;

// ---- frame: request id and nosniff ----

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** No browser guesses a body's type from its bytes: every response is read as its `Content-Type`. */
const NOSNIFF_HEADER = 'X-Content-Type-Options';
const NOSNIFF = 'nosniff';

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
export function setFrameHeaders(res: Pick<ServerResponse, 'setHeader'>, requestId: string): void {
  res.setHeader(REQUEST_ID_HEADER, requestId);
  res.setHeader(NOSNIFF_HEADER, NOSNIFF);
}

// ---- Vary ----

/** `existing` (a `Vary` value, or none) with `token` added unless it is already named. */
function mergedVary(existing: unknown, token: string): string {
  if (existing === undefined || existing === '') return token;
  const value = Array.isArray(existing) ? existing.join(', ') : String(existing);
  if (value.trim() === '*') return value;
  const named = value.split(',').map((name) => name.trim().toLowerCase());
  return named.includes(token.toLowerCase()) ? value : `${value}, ${token}`;
}

/** Adds `token` to the response's `Vary` (docs/api.md#caching-and-etags). */
export function varyOn(res: HeaderTarget, token: string): void {
  res.setHeader('Vary', mergedVary(res.getHeader('Vary'), token));
}

// ---- charge: rate-limit headers, and the 429 ----

/**
 * Gives `set` the IETF `RateLimit-Policy` / `RateLimit` headers of a charge's `outcome`
 * (docs/api.md#limits) and returns the 429 to answer when a bucket was empty: its status,
 * `Retry-After` and message, for the route family's error writer (`sendJsonError`). `set` is
 * `res.setHeader`, or a push onto a `writeHead` list.
 */
export function applyCharge(
  outcome: QuotaOutcome,
  set: (name: string, value: string) => unknown,
): QuotaRefusal | undefined {
  const limits = rateLimitHeaders(outcome);
  for (const name in limits) set(name, limits[name]!);
  return outcome.allowed ? undefined : quotaRefusal(outcome.retryAfterSeconds);
}

// ---- conditional answer: ETag, 304 ----

/**
 * Responses that change only with a publication or a deployment may be kept for five minutes
 * (docs/api.md#caching-and-etags).
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

/**
 * The headers a 200 and its 304 share (docs/api.md#caching-and-etags: a 304 carries the 200's
 * `Vary`; every body's ETag names its coding, so it varies on `Accept-Encoding`).
 */
export function validatorHeaders(
  etag: string,
  cacheControl = PUBLIC_CACHE_CONTROL,
): { ETag: string; 'Cache-Control': string; Vary: string } {
  return { ETag: etag, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
}

/**
 * Whether the client's copy (`If-None-Match`) is current: 304 then. `If-None-Match: *` asks
 * whether any current representation exists; `exists` answers that.
 */
export function isNotModified(
  ifNoneMatch: string | undefined,
  etag: string,
  exists = true,
): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*' && !exists) return false;
  return ifNoneMatchHits(ifNoneMatch, etag);
}

/** 304, no body, the validator headers of the 200 it stands for and `headers` (a `Link`, …). */
export function sendNotModified(
  res: ServerResponse,
  etag: string,
  cacheControl?: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const validators = validatorHeaders(etag, cacheControl);
  for (const name in headers) res.setHeader(name, headers[name]!);
  res.setHeader('ETag', validators.ETag);
  res.setHeader('Cache-Control', validators['Cache-Control']);
  varyOn(res, validators.Vary);
  res.statusCode = 304;
  res.end();
}

/**
 * `sendNotModified` for a path that sends every header in one `writeHead` list (the cached
 * reads): `head` (the headers set so far, as `[name, value, …]`, no `Vary` among them), then the
 * validator headers.
 */
export function sendNotModifiedAfter(res: ServerResponse, head: string[], etag: string): void {
  const validators = validatorHeaders(etag);
  head.push('ETag', validators.ETag, 'Cache-Control', validators['Cache-Control']);
  head.push('Vary', validators.Vary);
  res.writeHead(304, head);
  res.end();
}

// ---- errors, by route family ----

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** `/mcp` itself (JSON-RPC), not `/mcp/server-card` (a plain JSON document). */
function isMcpEndpoint(path: string): boolean {
  return /^\/mcp\/?(?:[?#]|$)/.test(path);
}

/**
 * The error body of a request to `path` (docs/api.md#errors-and-statuses, docs/mcp.md#tools):
 * JSON-RPC for `/mcp` (`code` -32600, invalid request, for a refusal; -32603 for a failure of
 * ours), `{ error }` everywhere else.
 */
export function errorBodyFor(path: string | undefined, message: string, code = -32600): object {
  return path !== undefined && isMcpEndpoint(path)
    ? jsonRpcError(code, message)
    : errorBody(message);
}

/**
 * Sends `body` (an error body of the route's family) with `status` and `headers`: JSON, its
 * length, and `Vary: Accept-Encoding` (the coding negotiation every JSON answer passes; these
 * bodies are under its threshold, so never coded). Every error answer of every path is sent
 * by this function.
 */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  body: object,
  headers: Readonly<Record<string, string>> = {},
): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  for (const name in headers) res.setHeader(name, headers[name]!);
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', String(bytes.length));
  varyOn(res, 'Accept-Encoding');
  res.statusCode = status;
  res.end(bytes);
}

// ---- metrics label ----

/** The label of a request no route answered (404s, preflights, refusals before routing). */
const NO_ROUTE = '(none)';

/** A label set by a path that answers before Express: the route that would have answered. */
const ROUTE_LABEL = Symbol('routeLabel');

/** Names the route a request answered before Express stands for (its Express pattern). */
export function labelRoute(req: IncomingMessage, route: string): void {
  (req as IncomingMessage & { [ROUTE_LABEL]?: string })[ROUTE_LABEL] = route;
}

/**
 * The metrics' route label of `req`: the Express route pattern that answered it
 * (`/api/v1/tools/:id`, never the raw path, so labels stay few), or the one `labelRoute` named.
 */
export function routeLabelOf(req: IncomingMessage): string {
  const labelled = (req as IncomingMessage & { [ROUTE_LABEL]?: string })[ROUTE_LABEL];
  if (labelled !== undefined) return labelled;
  const routed = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  const pattern = routed.route?.path;
  // One route can answer several patterns (`router.all([a, b])`): the label lists them.
  const patterns = Array.isArray(pattern) ? pattern.map(String).join(',') : pattern;
  return typeof patterns === 'string' ? `${routed.baseUrl ?? ''}${patterns}` : NO_ROUTE;
}
