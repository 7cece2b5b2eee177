import { REQUEST_ID_HEADER, requestIdFor, setFrameHeaders } from '@reviews/http-common';
import type { RequestHandler } from 'express';

/**
 * The frame of every Express response (`setFrameHeaders`): its `X-Request-Id` (the client's when
 * well-formed, docs/api.md#every-response) and `nosniff`. Logs use the same id.
 */
export const responseFrame: RequestHandler = (req, res, next) => {
  const id = requestIdFor(req.get(REQUEST_ID_HEADER));
  setFrameHeaders(res, id);
  res.locals['requestId'] = id;
  next();
};
