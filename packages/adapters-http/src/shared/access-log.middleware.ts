import type { RequestHandler } from 'express';
import type { Logger } from '@reviews/application';

/**
 * One log line per response. Only the path is logged — never the query string, which can hold
 * confirmation tokens — and never a body (which can hold an e-mail address).
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          requestId: res.locals['requestId'],
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  };
}
