import type { Logger } from '@reviews/application';
import { frameHeaderList, labelRoute, requestIdFor } from '@reviews/http-common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logResponse } from '../shared/access-log.middleware.js';
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
