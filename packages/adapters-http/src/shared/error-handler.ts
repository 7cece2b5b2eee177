import type { Logger } from '@reviews/application';
import { INTERNAL_ERROR_MESSAGE, errorBody, sendJsonError } from '@reviews/http-common';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/** Unknown routes: 404 in the `{ error }` form (docs/api.md#errors-and-statuses). */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(
    new HttpError(
      404,
      `There is nothing at ${req.method} ${req.path}. See /api/v1/openapi.json for the API.`,
    ),
  );
};

/**
 * The one error handler of the HTTP adapter. HttpErrors become their status and message; body
 * parser failures become 400/413; anything else is logged (as an error, with its stack) and
 * answered 500 with no detail.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const { status, message, headers } = toHttpAnswer(error);
    // An HttpError is an answer we chose (503 "signups switched off", 502 "provider failed"):
    // the access log line records it. Only the unexpected is an error worth a stack trace.
    if (status >= 500 && !(error instanceof HttpError)) {
      logger.error(
        { err: error, requestId: res.getHeader('X-Request-Id'), path: req.path },
        'request failed',
      );
    }
    sendJsonError(res, status, errorBody(message), headers);
  };
}

interface HttpAnswer {
  status: number;
  message: string;
  headers: Record<string, string>;
}

function toHttpAnswer(error: unknown): HttpAnswer {
  if (error instanceof HttpError) {
    return { status: error.status, message: error.message, headers: { ...error.headers } };
  }
  const bodyError = error as { type?: unknown; status?: unknown };
  if (bodyError.type === 'entity.too.large') {
    return { status: 413, message: 'The request body is too large.', headers: {} };
  }
  if (bodyError.type === 'entity.parse.failed') {
    return { status: 400, message: 'The request body is not valid JSON.', headers: {} };
  }
  if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
    return { status: bodyError.status, message: 'The request could not be read.', headers: {} };
  }
  return { status: 500, message: INTERNAL_ERROR_MESSAGE, headers: {} };
}
