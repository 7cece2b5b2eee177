import type { Logger } from '@reviews/application';
import { INTERNAL_ERROR_MESSAGE, requestFailed, type RequestFailure } from '@reviews/http-common';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { capConnections, type ConnectionCaps } from './connection-limits.js';
import { answerParserRefusals, refusedWithoutHost } from './parser-refusals.js';
import { refusalBody, refusalHeaders } from './refusal-response.js';

export interface HttpServerLimits extends ConnectionCaps {
  /** Time a client has to send the request line and headers (Node's `headersTimeout`). */
  readonly headersTimeoutMs: number;
  /** Time a client has to send the whole request, body included (`requestTimeout`). */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (`keepAliveTimeout`). */
  readonly keepAliveTimeoutMs: number;
}

/**
 * The HTTP server in front of `handler` (the Express app), bounded so that slow or numerous
 * connections cost the attacker, not the service: header and request timeouts drop slow
 * clients (checked every second, not Node's default 30 s), connections are capped per client and
 * in total (503 at once over a cap; at the total cap slow and idle connections make room for a new
 * one first), and what the HTTP parser refuses is answered in the JSON shape of
 * the route (400, 408, 413, 417, 431) rather than with an empty body. A throw out of `handler`
 * itself (the work it does before its first await, outside Express) is logged and answered 500
 * in the route's shape: it would otherwise pass every handler and end the process.
 */
export function createHttpServer(
  handler: RequestListener,
  limits: HttpServerLimits,
  logger: Pick<Logger, 'error'>,
): Server {
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    // Node's own check answers an empty 400; refuseWithoutHost answers it in JSON instead.
    requireHostHeader: false,
  });
  // A client that half-closes after its request (`printf … | nc`) still gets its answer: without
  // this Node ends the socket at the client's FIN, so any route that answers after an await (all
  // the counted ones) would reply to nobody. Node's http server reads this flag (default false)
  // when the client's side ends; the answer is sent, then the socket is closed.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  capConnections(server, limits);
  answerParserRefusals(server);
  server.on('request', (req, res) => {
    try {
      if (refusedWithoutHost(req, res)) return;
      handler(req, res);
    } catch (error) {
      // Node calls this listener outside any handler that would catch: uncaught, a throw
      // would end the process.
      requestFailed(failure(req, logger), res, error, { path: req.url?.split('?')[0] });
    }
  });
  return server;
}

/** A failure outside Express: 500 in the route's shape (-32603 on `/mcp`), connection closed. */
function failure(req: IncomingMessage, logger: Pick<Logger, 'error'>): RequestFailure {
  return {
    logger,
    answer: (res) => {
      const body = refusalBody(req.url, INTERNAL_ERROR_MESSAGE, -32603);
      res.writeHead(500, refusalHeaders(body, req));
      res.end(body);
    },
  };
}
