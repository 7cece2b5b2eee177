import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@reviews/application';
import { accessLogFor } from './warm-up-requests.js';

/**
 * One log line per response. Only the path is logged — never the query string, which can hold
 * confirmation tokens — and never a body (which can hold an e-mail address). The server's own
 * warm-up requests (before it listens) are not logged here: they are no client's traffic (see
 * `accessLogFor`).
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    logResponse(req, res, logger, req.path, () => res.locals['requestId']);
    next();
  };
}

/**
 * The access log step of every path (Express's `accessLog`, the answers before Express): the
 * line of `res` with `path` (no query), written to `accessLogFor`'s log when it is finished.
 */
export function logResponse(
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
  path: string,
  requestId: () => unknown,
): void {
  const log = accessLogFor(req, logger);
  if (log !== undefined) logWhenFinished(log, res, { method: req.method, path }, requestId);
}

/** The access log line of `res`, written when it is finished. */
function logWhenFinished(
  logger: Logger,
  res: ServerResponse,
  request: { method: string | undefined; path: string },
  requestId: () => unknown,
): void {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    logger.info(
      {
        requestId: requestId(),
        method: request.method,
        path: request.path,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      },
      'request',
    );
  });
}
