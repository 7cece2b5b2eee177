import type { Logger } from '@reviews/application';
import { labelRoute } from '@reviews/http-common';
import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logResponse } from '../shared/access-log.middleware.js';
import { responseCompression } from '../shared/compression.js';
import { corsStep } from '../shared/cors.middleware.js';
import { frameResponse } from '../shared/request-id.middleware.js';
import { READ_METHODS } from '../tools/tools.routes.js';

interface RequestStepsDeps {
  /** Where the access log's lines go (one a response). */
  readonly accessLogger: Logger;
  /** Methods a path takes, for CORS preflights and `Allow`; read routes need not be listed. */
  readonly methodsFor?: (path: string) => readonly string[] | undefined;
  /**
   * Paths that grant no CORS permission at all (the signup,
   * docs/api.md#no-website-can-sign-its-visitors-up).
   */
  readonly grantsNoCors?: (path: string) => boolean;
  /** Paths whose own router answers CORS (and its preflights); the `*` policy skips them. */
  readonly ownCorsPaths?: readonly string[];
}

/**
 * What every request passes before its route, in this order, on the Express app and on the routes
 * answered before it (`routeBeforeApp`): the frame (`X-Request-Id`, `nosniff`), the access log
 * line, CORS (a preflight is answered here) and compression (`responseCompression`). `path` is
 * the request's path without its query; `next` gets the request id when the route is to answer.
 */
export type RequestSteps = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  next: (requestId: string) => void,
) => void;

export function requestSteps(deps: RequestStepsDeps): RequestSteps {
  const cors = corsStep(
    (path) => deps.methodsFor?.(path) ?? READ_METHODS,
    deps.grantsNoCors,
    deps.ownCorsPaths ?? [],
  );
  const compress = responseCompression();
  return (req, res, path, next) => {
    const requestId = frameResponse(req, res);
    logResponse(req, res, deps.accessLogger, path, () => requestId);
    if (cors(req, res, path)) return;
    // The `compression` middleware takes plain node:http requests; it calls back synchronously.
    compress(req as Parameters<RequestHandler>[0], res as Parameters<RequestHandler>[1], () =>
      next(requestId),
    );
  };
}

/** `steps` as the Express app's first middleware. */
export function expressSteps(steps: RequestSteps): RequestHandler {
  return (req, res, next) => steps(req, res, req.path, () => next());
}

/**
 * A route answered before Express: a `method` request to exactly `path` (no query) passes
 * `steps`, is labelled for the metrics as the Express route `path` (`labelRoute`), and is
 * answered by `answer`; returns false, touching nothing, for any other request.
 */
export function routeBeforeApp(
  steps: RequestSteps,
  method: string,
  path: string,
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== method || req.url !== path) return false;
    labelRoute(req, path);
    steps(req, res, path, () => answer(req, res));
    return true;
  };
}
