import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@reviews/application';
import { accessLogFor } from './warm-up-requests.js';

/**
 * The access log step of every path (`requestSteps`, the cached reads): the line of `res` with
 * `path` — never the query string, which can hold confirmation tokens, and never a body (which
 * can hold an e-mail address) — written to `accessLogFor`'s log when it is finished. The
 * server's own warm-up requests (before it listens) are not logged: they are no client's traffic.
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
