import { REQUEST_ID_HEADER, requestIdFor, setFrameHeaders } from '@reviews/http-common';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The frame of every response that sets its headers one by one (`setFrameHeaders`): its
 * `X-Request-Id` (the client's when well-formed, docs/api.md#every-response) and `nosniff`.
 * Returns the id; logs use the same.
 */
export function frameResponse(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdFor(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
  setFrameHeaders(res, id);
  return id;
}
