import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Every response carries `X-Request-Id` (docs/api.md#every-response): the client's own when it is
 * at most 128 characters of `[A-Za-z0-9._-]`, otherwise a new one. Logs use the same id.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const id = requestIdFor(req.get('X-Request-Id'));
  res.setHeader('X-Request-Id', id);
  res.locals['requestId'] = id;
  next();
};

/** The client's `X-Request-Id` when well-formed, otherwise a new one. */
export function requestIdFor(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}
