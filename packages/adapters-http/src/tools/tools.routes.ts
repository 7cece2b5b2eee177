import {
  type BucketName,
  type GetTool,
  type RequestQuota,
  type SearchTools,
  BUCKETS,
} from '@reviews/application';
import { DEFAULT_PAGE_LIMIT, type DomainError, type Result } from '@reviews/domain';
import { isNotModified, sendNotModified, strongETag } from '@reviews/http-common';
import { Router, type Request, type Response } from 'express';
import { storedReadAnswer } from '../read-cache/stored-read-answer.js';
import { ReadAnswerCache } from '../read-cache/read-answer-cache.js';
import { negotiatedEncoding } from '../shared/compression.js';
import { HttpError } from '../shared/http-error.js';
import { parseCharged } from '../shared/parse-charged.js';
import { chargeQuota } from '../shared/request-quota.js';
import { toHttpError, type UseCaseErrorCode } from '../shared/use-case-errors.js';
import type { ReadValidator } from './read-validator.js';
import {
  getToolQuerySchema,
  searchToolsQuerySchema,
  toolIdParamSchema,
} from './tool-query.schemas.js';

export interface ToolsRoutesDeps {
  readonly searchTools: SearchTools;
  readonly getTool: GetTool;
  readonly quota: RequestQuota;
  readonly validator: ReadValidator;
  /**
   * Where answers are kept for the fast path (`cachedReadPath`) to send again without Express; none
   * for an app without one.
   */
  readonly cache?: ReadAnswerCache;
}

export const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * `GET /api/v1/tools` and `GET /api/v1/tools/{id}` (docs/api.md#search-rules-in-short,
 * docs/api.md#paging, docs/api.md#caching-and-etags). In this order, so that refused and
 * conditional requests cost next to nothing: parse; answer 304 from an ETag that follows from the
 * publication and the canonical request (free); charge the quota (429 before any search work); only
 * then run the use case. Other methods get 405 with `Allow`, charged to `api`.
 */
export function toolsRoutes(deps: ToolsRoutesDeps): Router {
  const { searchTools, getTool, quota, validator } = deps;
  const router = Router();

  router.get('/api/v1/tools', async (req, res) => {
    const input = await parseCharged(searchToolsQuerySchema, req.query, () =>
      chargeQuota(quota, req, res, [BUCKETS.api, BUCKETS.search]),
    );
    const canonical = [
      'search',
      input.q ?? '',
      input.category ?? null,
      input.limit ?? DEFAULT_PAGE_LIMIT,
      Number(input.cursor ?? 0),
      input.facets?.includes('category') === true,
      input.highlight === true,
    ];
    const etag = conditionalETag(req, validator, canonical);
    if (etag !== undefined && notModified(req, res, etag, true)) return;
    // docs/api.md#what-a-search-costs: the units the index plans for this search, before any of it.
    await chargeQuota(quota, req, res, [BUCKETS.api, BUCKETS.search], {
      search: () => searchTools.cost(input),
    });
    // The publication may have been swapped while the quota was charged: the ETag sent is taken
    // in the same tick as the body (the use case is synchronous), so the two always agree.
    const result = timed(res, () => searchTools.execute(input));
    send(req, res, result, canonical, [BUCKETS.api, BUCKETS.search], deps);
  });

  router.get('/api/v1/tools/:id', async (req, res) => {
    const charge = () => chargeQuota(quota, req, res, [BUCKETS.api]);
    const { id } = await parseCharged(toolIdParamSchema, req.params, charge);
    const page = await parseCharged(getToolQuerySchema, req.query, charge);
    const canonical = ['detail', id, page.limit ?? DEFAULT_PAGE_LIMIT, Number(page.cursor ?? 0)];
    const etag = conditionalETag(req, validator, canonical);
    if (etag !== undefined && notModified(req, res, etag, validator.toolExists(id))) return;
    await charge();
    const result = timed(res, () => getTool.execute({ id, ...page }));
    send(req, res, result, canonical, [BUCKETS.api], deps);
  });

  router.all(['/api/v1/tools', '/api/v1/tools/:id'], async (req, res) => {
    await chargeQuota(quota, req, res, [BUCKETS.api]);
    throw new HttpError(405, `${req.method} is not allowed here; use GET.`, {
      Allow: READ_METHODS.join(', '),
    });
  });

  return router;
}

/** The ETag of the body this request would get, in the coding it would get it in. */
function conditionalETag(
  req: Request,
  validator: ReadValidator,
  canonical: readonly unknown[],
): string | undefined {
  const version = validator.contentVersion();
  if (version === undefined) return undefined;
  return readETag(version, canonical, negotiatedEncoding(req));
}

function readETag(version: string, canonical: readonly unknown[], encoding: string): string {
  return strongETag(JSON.stringify([version, ...canonical]), encoding);
}

/**
 * Answers 304 when the client's copy is current (`isNotModified`); `exists` tells
 * `If-None-Match: *` whether any current representation exists without running the use case.
 */
function notModified(req: Request, res: Response, etag: string, exists: boolean): boolean {
  if (!isNotModified(req.get('If-None-Match'), etag, exists)) return false;
  sendNotModified(res, etag);
  return true;
}

/**
 * Runs the use case and reports how long it took in `Server-Timing` (docs/api.md#every-response).
 */
function timed<T>(res: Response, run: () => T): T {
  const started = process.hrtime.bigint();
  const result = run();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  res.setHeader('Server-Timing', `use-case;dur=${ms.toFixed(3)}`);
  return result;
}

/**
 * Sends the use case's answer, coded once, and keeps it for the fast path under the content
 * version read in the same tick as the body (the use case is synchronous), so the ETag, the body
 * and the cache key always agree even when a publication is swapped meanwhile.
 */
function send<T>(
  req: Request,
  res: Response,
  result: Result<T, DomainError<UseCaseErrorCode>>,
  canonical: readonly unknown[],
  buckets: readonly BucketName[],
  { validator, cache }: ToolsRoutesDeps,
): void {
  if (!result.ok) throw toHttpError(result.error);
  const payload = JSON.stringify(result.value);
  const version = validator.contentVersion();
  const encoding = negotiatedEncoding(req);
  // Undefined only when the first publication landed while this request was on its way.
  const etag =
    version === undefined ? strongETag(payload, encoding) : readETag(version, canonical, encoding);
  const route = (req.route as { path?: unknown } | undefined)?.path;
  const read = storedReadAnswer(payload, {
    etag,
    encoding,
    buckets,
    route: typeof route === 'string' ? route : req.path,
  });
  if (version !== undefined && cache !== undefined) {
    cache.set(
      version,
      ReadAnswerCache.keyOf(req.originalUrl, req.headers['accept-encoding']),
      read,
    );
  }
  res.status(200).set(read.headers);
  res.end(read.body);
}
