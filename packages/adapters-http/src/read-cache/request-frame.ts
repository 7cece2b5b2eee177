import type { Logger } from '@reviews/application';
import { frameHeaderList, labelRoute, requestIdFor } from '@reviews/http-common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { logResponse } from '../shared/access-log.middleware.js';
import { clientAddressOf, rateLimitKeyOf, type TrustProxy } from '../shared/client-address.js';
import { ANY_ORIGIN_HEADERS } from '../shared/cors.middleware.js';

/**
 * What the Express app's first middlewares give every request, for a request answered before
 * Express: its `X-Request-Id` (the client's when well-formed), the access log line, and the
 * metrics' route label (`labelRoute`: the Express pattern that would have answered it). The server's
 * own warm-up requests write no line to the service's log, as on the Express path
 * (`accessLogFor`). Returns the request id.
 */
type RequestFrame = (req: IncomingMessage, res: ServerResponse, route: string) => string;

/**
 * The `RequestFrame` of a caller that sends every header itself, in one `writeHead` list (none
 * through `setHeader`): `frameHeaderList`, or `frameHeaders` for the REST reads.
 */
export function headerlessFrame(logger: Logger): RequestFrame {
  return (req, res, route) => {
    const requestId = requestIdFor(req.headers['x-request-id']);
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    logResponse(req, res, logger, queryAt === -1 ? url : url.slice(0, queryAt), () => requestId);
    labelRoute(req, route);
    return requestId;
  };
}

/**
 * The headers the Express path sets first on every REST response, in its order, as a flat
 * `[name, value, …]` list for `writeHead`: `frameHeaderList` and the `*` CORS headers.
 */
export function frameHeaders(requestId: string): string[] {
  const head = frameHeaderList(requestId);
  head.push(...ANY_ORIGIN_HEADERS);
  return head;
}

/**
 * The rate-limit key of a request answered before Express: the same as `clientKey` gives on the
 * Express path (`clientAddressOf`, IPv6 by /64); `logger` is told once of an X-Forwarded-For
 * entry that is no address.
 *
 * The key follows from the connection's peer address and, when proxies are trusted, the
 * request's `X-Forwarded-For`: it is worked out again only when that header differs from the
 * previous request's on the same connection. Parsing the address took about 3 µs a request,
 * a twentieth of a cached answer's whole cost.
 */
export function rawClientKey(
  trustProxy: TrustProxy,
  logger: Pick<Logger, 'warn'>,
): (req: IncomingMessage) => string {
  const clientIp = clientAddressOf(trustProxy, logger);
  const previous = new WeakMap<Socket, { forwardedFor: unknown; key: string }>();
  return (req) => {
    const forwardedFor = trustProxy === false ? undefined : req.headers['x-forwarded-for'];
    const known = previous.get(req.socket);
    if (known !== undefined && known.forwardedFor === forwardedFor) return known.key;
    const key = rateLimitKeyOf(clientIp(req));
    previous.set(req.socket, { forwardedFor, key });
    return key;
  };
}
