import type { GetTool, RequestQuota, SearchTools } from '@reviews/application';
import type { DomainError, Result } from '@reviews/domain';
import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import { JSON_CONTENT_TYPE, sendCacheable } from '../shared/cacheable-response.js';
import { HttpError } from '../shared/http-error.js';
import { chargeQuota } from '../shared/request-quota.js';
import { toHttpError } from '../shared/use-case-errors.js';
import { describeIssues } from '../shared/zod-messages.js';
import {
  getToolQuerySchema,
  searchToolsQuerySchema,
  toolIdParamSchema,
} from './tool-query.schemas.js';

export interface ToolsRoutesDeps {
  readonly searchTools: SearchTools;
  readonly getTool: GetTool;
  readonly quota: RequestQuota;
}

export const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * `GET /api/v1/tools` and `GET /api/v1/tools/{id}` (spec §4.2–4.3, contract §3–5). Other methods
 * get 405 with `Allow`. Bodies are the use cases' own; this layer only parses, times and caches.
 */
export function toolsRoutes({ searchTools, getTool, quota }: ToolsRoutesDeps): Router {
  const router = Router();

  router.get('/api/v1/tools', async (req, res) => {
    const charge = () => chargeQuota(quota, req, res, ['api', 'search']);
    const input = await parse(searchToolsQuerySchema, req.query, charge);
    const result = timed(res, () => searchTools.execute(input));
    await sendResult(req, res, result, charge);
  });

  router.get('/api/v1/tools/:id', async (req, res) => {
    const charge = () => chargeQuota(quota, req, res, ['api']);
    const { id } = await parse(toolIdParamSchema, req.params, charge);
    const page = await parse(getToolQuerySchema, req.query, charge);
    const result = timed(res, () => getTool.execute({ id, ...page }));
    await sendResult(req, res, result, charge);
  });

  router.all(['/api/v1/tools', '/api/v1/tools/:id'], (req) => {
    throw new HttpError(405, `${req.method} is not allowed here; use GET.`, {
      Allow: READ_METHODS.join(', '),
    });
  });

  return router;
}

/** Invalid requests are answered too, so they are charged like any other (only a 304 is free). */
async function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  charge: () => Promise<void>,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  await charge();
  throw new HttpError(400, describeIssues(parsed.error));
}

/** Runs the use case and reports how long it took in `Server-Timing` (contract §5). */
function timed<T>(res: Response, run: () => T): T {
  const started = process.hrtime.bigint();
  const result = run();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  res.setHeader('Server-Timing', `use-case;dur=${ms.toFixed(3)}`);
  return result;
}

async function sendResult<T>(
  req: Request,
  res: Response,
  result: Result<T, DomainError>,
  charge: () => Promise<void>,
): Promise<void> {
  if (!result.ok) {
    await charge();
    throw toHttpError(result.error);
  }
  await sendCacheable(req, res, JSON.stringify(result.value), {
    contentType: JSON_CONTENT_TYPE,
    beforeBody: charge,
  });
}
