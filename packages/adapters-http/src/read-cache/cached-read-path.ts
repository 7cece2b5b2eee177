import type { Logger, RequestQuota, SearchTools } from '@reviews/application';
import {
  INTERNAL_ERROR_MESSAGE,
  applyCharge,
  errorBody,
  isNotModified,
  requestFailed,
  sendJsonError,
  sendNotModifiedAfter,
} from '@reviews/http-common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { clientKeyOf, type TrustProxy } from '../shared/client-address.js';
import type { ReadValidator } from '../tools/read-validator.js';
import { searchToolsQuerySchema } from '../tools/tool-query.schemas.js';
import {
  SEARCH_BUCKETS,
  keptAnswer,
  readETag,
  searchCanonical,
  searchUnits,
  timedRun,
} from '../tools/tools.routes.js';
import { negotiatedEncoding } from '../shared/compression.js';
import { HttpError } from '../shared/http-error.js';
import { chargeRequest } from '../shared/request-quota.js';
import { frameHeaders, headerlessFrame } from './request-frame.js';
import { ReadAnswerCache, type StoredReadAnswer } from './read-answer-cache.js';

interface CachedReadsDeps {
  readonly cache: ReadAnswerCache;
  readonly validator: ReadValidator;
  readonly quota: RequestQuota;
  readonly logger: Logger;
  /** Where the access log's lines go (one a response); `logger` when not given. */
  readonly accessLogger?: Logger;
  readonly trustProxy: TrustProxy;
  /**
   * Runs the searches that are not cached through the same steps, without Express; none for a
   * path that answers cached reads only.
   */
  readonly searchTools?: SearchTools;
}

const SEARCH_PATH = '/api/v1/tools';

/**
 * Characters after which Express's URL parser (`parseurl`) leaves its fast path: a target with
 * one may read differently there, so Express answers it.
 */
const NOT_PLAIN_TARGET = /[\s#\u00a0\ufeff]/;

/**
 * Answers a request before Express when its answer is cached (see `ReadAnswerCache`), and
 * returns false, touching nothing, for any other request, which the caller hands to Express.
 * A hit still gets everything every request gets on the Express path, with the same headers: a
 * request id, `nosniff`, the `*` CORS headers, the access log line, 304 on a matching
 * `If-None-Match` (free), otherwise the rate-limit charge (its headers, and 429 when a bucket is
 * empty), then the cached bytes (none for HEAD). Only `Server-Timing` differs: no use case ran,
 * so it says 0. The server's own warm-up requests charge the warm-up's own quota, never a
 * client's bucket, and are not logged.
 */
export function cachedReadPath(
  deps: CachedReadsDeps,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const keyOf = clientKeyOf(deps.trustProxy, deps.logger);
  const frame = headerlessFrame(deps.accessLogger ?? deps.logger);
  const search =
    deps.searchTools === undefined ? undefined : searchPath(deps, deps.searchTools, frame, keyOf);
  return (req, res) => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || url?.startsWith('/api/v1/tools') !== true)
      return false;
    const version = deps.validator.contentVersion();
    if (version === undefined) return false;
    const read = deps.cache.get(
      version,
      ReadAnswerCache.keyOf(url, req.headers['accept-encoding']),
    );
    if (read === undefined) return search !== undefined && search(req, res, url, version);

    // The metrics label is the one the Express route would have given it.
    const requestId = frame(req, res, read.route);
    // Every header goes out in one `writeHead` with a flat list, none through `setHeader`: Node
    // then checks each header once (in `_storeHeader`) instead of also storing it in its map.
    const head = frameHeaders(requestId);
    if (isNotModified(req.headers['if-none-match'], read.etag)) {
      sendNotModifiedAfter(res, head, read.etag);
      return true;
    }
    answerCharged(deps.quota, req, keyOf(req), read, res, head).catch((error: unknown) =>
      requestFailed(
        { logger: deps.logger, answer: () => sendError(res, head, 500, INTERNAL_ERROR_MESSAGE) },
        res,
        error,
        { requestId, path: url.split('?')[0] },
      ),
    );
    return true;
  };
}

/**
 * A search whose answer is not cached, answered without Express by the steps the Express route
 * (`toolsRoutes`) takes, in its order and with its headers: parse, 304 from the ETag (free),
 * charge with the search's units (docs/api.md#what-a-search-costs), run the use case, then the
 * answer coded once and kept for the cached path (`keptAnswer`). Returns false, touching
 * nothing, for a request it leaves to Express: another path, or a query that does not parse (its
 * 400 is charged and written by the Express route and error handler).
 */
function searchPath(
  deps: CachedReadsDeps,
  searchTools: SearchTools,
  frame: ReturnType<typeof headerlessFrame>,
  keyOf: (req: IncomingMessage) => string,
): (req: IncomingMessage, res: ServerResponse, url: string, version: string) => boolean {
  return (req, res, url, version) => {
    const queryAt = url.indexOf('?');
    if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== SEARCH_PATH) return false;
    if (NOT_PLAIN_TARGET.test(url)) return false;
    // Express's `simple` query parser is `querystring.parse` (createHttpApp).
    const parsed = searchToolsQuerySchema.safeParse(
      parseQuery(queryAt === -1 ? '' : url.slice(queryAt + 1)),
    );
    if (!parsed.success) return false;
    const input = parsed.data;
    const requestId = frame(req, res, SEARCH_PATH);
    const head = frameHeaders(requestId);
    const canonical = searchCanonical(input);
    const encoding = negotiatedEncoding(req);
    const etag = readETag(version, canonical, encoding);
    if (isNotModified(req.headers['if-none-match'], etag)) {
      sendNotModifiedAfter(res, head, etag);
      return true;
    }
    const answer = async (): Promise<void> => {
      const outcome = await chargeRequest(
        deps.quota,
        req,
        keyOf(req),
        SEARCH_BUCKETS,
        searchUnits(searchTools, input),
      );
      const refusal = applyCharge(outcome, (name, value) => head.push(name, value));
      if (refusal !== undefined) {
        sendError(res, head, refusal.status, refusal.message, refusal.headers);
        return;
      }
      const { result, serverTiming } = timedRun(() => searchTools.execute(input));
      head.push('Server-Timing', serverTiming);
      let read: StoredReadAnswer;
      try {
        read = keptAnswer(
          result,
          canonical,
          SEARCH_BUCKETS,
          { url, headers: req.headers, route: SEARCH_PATH, encoding },
          deps,
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        sendError(res, head, error.status, error.message, error.headers);
        return;
      }
      head.push(...read.headerList);
      res.writeHead(200, head);
      res.end(read.body);
    };
    answer().catch((error: unknown) =>
      requestFailed(
        { logger: deps.logger, answer: () => sendError(res, head, 500, INTERNAL_ERROR_MESSAGE) },
        res,
        error,
        { requestId, path: SEARCH_PATH },
      ),
    );
    return true;
  };
}

async function answerCharged(
  quota: RequestQuota,
  req: IncomingMessage,
  clientKey: string,
  read: StoredReadAnswer,
  res: ServerResponse,
  frame: readonly string[],
): Promise<void> {
  const outcome = await chargeRequest(quota, req, clientKey, read.buckets);
  const head = [...frame];
  const refusal = applyCharge(outcome, (name, value) => head.push(name, value));
  if (refusal !== undefined) {
    sendError(res, head, refusal.status, refusal.message, refusal.headers);
    return;
  }
  head.push('Server-Timing', 'use-case;dur=0.000', ...read.headerList);
  res.writeHead(200, head);
  // Node sends no body for HEAD, whatever is passed here.
  res.end(read.body);
}

/** `{ "error": message }` after the headers in `head`, by the pipeline's error writer. */
function sendError(
  res: ServerResponse,
  head: readonly string[],
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  for (let i = 0; i < head.length; i += 2) res.setHeader(head[i]!, head[i + 1]!);
  sendJsonError(res, status, errorBody(message), headers);
}
