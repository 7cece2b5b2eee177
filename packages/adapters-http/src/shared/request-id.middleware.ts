import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Every response carries `X-Request-Id` (contract §5): the client's own when it is at most 128
 * characters of `[A-Za-z0-9._-]`, otherwise a new one. Logs use the same id.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const sent = req.get('X-Request-Id');
  const id = sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
  res.setHeader('X-Request-Id', id);
  res.locals['requestId'] = id;
  next();
};
