import {
  type BucketName,
  type ChargedUnits,
  type GetTool,
  type RequestQuota,
  type SearchTools,
  BUCKETS,
} from '@reviews/application';
import { DEFAULT_PAGE_LIMIT, type DomainError, type Result } from '@reviews/domain';
import { isNotModified, sendNotModified, strongETag } from '@reviews/http-common';
import { Router, type Request, type Response } from 'express';
import { storedReadAnswer } from '../read-cache/stored-read-answer.js';
import { ReadAnswerCache, type StoredReadAnswer } from '../read-cache/read-answer-cache.js';
import type { IncomingHttpHeaders } from 'node:http';
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

type SearchToolsInput = Parameters<SearchTools['execute']>[0];

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
      chargeQuota(quota, req, res, SEARCH_BUCKETS),
    );
    const canonical = searchCanonical(input);
    const etag = conditionalETag(req, validator, canonical);
    if (etag !== undefined && notModified(req, res, etag, true)) return;
    await chargeQuota(quota, req, res, SEARCH_BUCKETS, searchUnits(searchTools, input));
    // The publication may have been swapped while the quota was charged: the ETag sent is taken
    // in the same tick as the body (the use case is synchronous), so the two always agree.
    const result = timed(res, () => searchTools.execute(input));
    send(req, res, result, canonical, SEARCH_BUCKETS, deps);
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

/** The buckets a search is charged to (docs/api.md#limits). */
export const SEARCH_BUCKETS: readonly BucketName[] = [BUCKETS.api, BUCKETS.search];

/** What a search's ETag and cache entry follow from: its input in canonical form. */
export function searchCanonical(input: SearchToolsInput): unknown[] {
  return [
    'search',
    input.q ?? '',
    input.category ?? null,
    input.limit ?? DEFAULT_PAGE_LIMIT,
    Number(input.cursor ?? 0),
    input.facets?.includes('category') === true,
    input.highlight === true,
  ];
}

/**
 * docs/api.md#what-a-search-costs: the units the index plans for this search, charged before any
 * of it runs.
 */
export function searchUnits(searchTools: SearchTools, input: SearchToolsInput): ChargedUnits {
  return { search: () => searchTools.cost(input) };
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

export function readETag(version: string, canonical: readonly unknown[], encoding: string): string {
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
  const { result, serverTiming } = timedRun(run);
  res.setHeader('Server-Timing', serverTiming);
  return result;
}

/** `run`'s result and the `Server-Timing` value of how long it took. */
export function timedRun<T>(run: () => T): { result: T; serverTiming: string } {
  const started = process.hrtime.bigint();
  const result = run();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { result, serverTiming: `use-case;dur=${ms.toFixed(3)}` };
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
  deps: ToolsRoutesDeps,
): void {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  const read = keptAnswer(
    result,
    canonical,
    buckets,
    {
      url: req.originalUrl,
      headers: req.headers,
      route: typeof route === 'string' ? route : req.path,
    },
    deps,
  );
  res.status(200).set(read.headers);
  res.end(read.body);
}

/**
 * The use case's answer coded once in the request's negotiated coding, and kept for the fast path
 * under the content version read in the same tick as the body (the use case is synchronous), so
 * the ETag, the body and the cache key always agree even when a publication is swapped meanwhile.
 * A failed use case throws its `HttpError`.
 */
export function keptAnswer<T>(
  result: Result<T, DomainError<UseCaseErrorCode>>,
  canonical: readonly unknown[],
  buckets: readonly BucketName[],
  request: {
    url: string;
    headers: IncomingHttpHeaders;
    route: string;
    /** Its `negotiatedEncoding`, when the caller has it already. */
    encoding?: string;
  },
  { validator, cache }: Pick<ToolsRoutesDeps, 'validator' | 'cache'>,
): StoredReadAnswer {
  if (!result.ok) throw toHttpError(result.error);
  const payload = JSON.stringify(result.value);
  const version = validator.contentVersion();
  const encoding = request.encoding ?? negotiatedEncoding(request);
  // Undefined only when the first publication landed while this request was on its way.
  const etag =
    version === undefined ? strongETag(payload, encoding) : readETag(version, canonical, encoding);
  const read = storedReadAnswer(payload, { etag, encoding, buckets, route: request.route });
  if (version !== undefined && cache !== undefined) {
    cache.set(
      version,
      ReadAnswerCache.keyOf(request.url, request.headers['accept-encoding']),
      read,
    );
  }
  return read;
}
