import { type Logger, BUCKETS } from '@reviews/application';
import express, { type Express, type Router } from 'express';
import type { IncomingMessage } from 'node:http';
import { clientAddressOf, type TrustProxy } from '../shared/client-address.js';
import { errorHandler, notFoundHandler } from '../shared/error-handler.js';
import { chargeQuota } from '../shared/request-quota.js';
import { healthRoutes, type ReadinessCheck } from '../health/health.routes.js';
import { toolsRoutes, type ToolsRoutesDeps } from '../tools/tools.routes.js';
import { expressSteps, type RequestSteps } from './request-steps.js';

export type { TrustProxy };

interface HttpAppDeps {
  readonly logger: Logger;
  /** What every request passes before its route (`requestSteps`). */
  readonly steps: RequestSteps;
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
}

/**
 * The whole HTTP surface as one Express app: the steps every request passes (`requestSteps`:
 * request ids, `nosniff`, access log, CORS, compression), the routes, then JSON 404 (charged to `api` under
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

  app.use(expressSteps(deps.steps));

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
