import { errorBody, sendJsonError } from '@reviews/http-common';
import { Router } from 'express';

/** One thing the service needs in order to answer: the published catalog, a store, … */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves true when ready; false or a rejection means not ready. */
  isReady(): Promise<boolean>;
}

/**
 * `GET /healthz`: the process is alive. `GET /readyz`: every check passes, else 503 with the
 * names of the failing ones (docs/operations.md#readiness-and-warm-up). Neither is cached or rate
 * limited.
 */
export function healthRoutes(checks: readonly ReadinessCheck[]): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      checks.map(async (check) => [check.name, await check.isReady().catch(() => false)] as const),
    );
    const failing = results.filter(([, ready]) => !ready).map(([name]) => name);
    res.set('Cache-Control', 'no-store');
    if (failing.length === 0) {
      res.json({ status: 'ready', checks: Object.fromEntries(results) });
    } else {
      const body = {
        ...errorBody(`Not ready: ${failing.join(', ')}.`),
        checks: Object.fromEntries(results),
      };
      sendJsonError(res, 503, body, { 'Retry-After': '5' });
    }
  });

  return router;
}
