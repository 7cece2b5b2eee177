import { type Logger, BUCKETS } from '@reviews/application';
import express, { type Express, type Router } from 'express';
import type { IncomingMessage } from 'node:http';
import { accessLog } from '../shared/access-log.middleware.js';
import { clientAddressOf, type TrustProxy } from '../shared/client-address.js';
import { responseCompression } from '../shared/compression.js';
import { cors } from '../shared/cors.middleware.js';
import { errorHandler, notFoundHandler } from '../shared/error-handler.js';
import { chargeQuota } from '../shared/request-quota.js';
import { responseFrame } from '../shared/request-id.middleware.js';
import { healthRoutes, type ReadinessCheck } from '../health/health.routes.js';
import { READ_METHODS, toolsRoutes, type ToolsRoutesDeps } from '../tools/tools.routes.js';

export type { TrustProxy };

interface HttpAppDeps {
  readonly logger: Logger;
  /** Where the access log's lines go (one a response); `logger` when not given. */
  readonly accessLogger?: Logger;
  readonly trustProxy: TrustProxy;
  readonly tools: ToolsRoutesDeps;
  readonly readiness: readonly ReadinessCheck[];
  /** Further driving adapters (signup, MCP, pages), mounted before the 404 handler. */
  readonly routers?: readonly Router[];
  /**
   * Answers unknown paths outside the JSON interfaces (the website's HTML 404); runs after
   * `routers`, before the JSON 404.
   */
  readonly notFoundPages?: Router;
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
 * The whole HTTP surface as one Express app: request ids, `nosniff`, access log, CORS,
 * compression (`responseCompression`), the routes, then JSON 404 (charged to `api` under
 * `/api/v1/`) and the single error handler.
 */
export function createHttpApp(deps: HttpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', deps.trustProxy === false ? false : deps.trustProxy);
  // `req.ip` is the address every path charges (the answers before Express use the same rule).
  const clientAddress = clientAddressOf(deps.trustProxy, deps.logger);
  Object.defineProperty(app.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: IncomingMessage) {
      return clientAddress(this);
    },
  });

  app.use(responseFrame);
  app.use(accessLog(deps.accessLogger ?? deps.logger));
  app.use(
    cors(
      (path) => deps.methodsFor?.(path) ?? READ_METHODS,
      deps.grantsNoCors,
      deps.ownCorsPaths ?? [],
    ),
  );
  app.use(responseCompression());

  app.use(healthRoutes(deps.readiness));
  app.use(toolsRoutes(deps.tools));
  for (const router of deps.routers ?? []) app.use(router);
  if (deps.notFoundPages !== undefined) app.use(deps.notFoundPages);

  // docs/api.md#limits: every request to /api/v1/* counts in `api`, unknown paths included (a CORS
  // preflight does not: it is answered above, before any route).
  app.all('/api/v1/*splat', async (req, res, next) => {
    await chargeQuota(deps.tools.quota, req, res, [BUCKETS.api]);
    next();
  });
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
