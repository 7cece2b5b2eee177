import type { Logger, RequestQuota } from '@reviews/application';
import {
  INTERNAL_ERROR_MESSAGE,
  errorBody,
  ifNoneMatchHits,
  quotaRefusal,
  rateLimitHeaders,
  requestFailed,
} from '@reviews/http-common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TrustProxy } from '../shared/client-address.js';
import type { ReadValidator } from '../tools/read-validator.js';
import { validatorHeaders } from '../shared/cacheable-response.js';
import { chargeRequest } from '../shared/request-quota.js';
import { frameHeaders, headerlessFrame, rawClientKey } from './request-frame.js';
import { ReadResponseCache, type CachedRead } from './read-response-cache.js';

interface CachedReadsDeps {
  readonly cache: ReadResponseCache;
  readonly validator: ReadValidator;
  readonly quota: RequestQuota;
  readonly logger: Logger;
  /** Where the access log's lines go (one a response); `logger` when not given. */
  readonly accessLogger?: Logger;
  readonly trustProxy: TrustProxy;
}

/**
 * Answers a request before Express when its answer is cached (see `ReadResponseCache`), and
 * returns false, touching nothing, for any other request, which the caller hands to Express.
 * A hit still gets everything every request gets on the Express path, with the same headers: a
 * request id, `nosniff`, the `*` CORS headers, the access log line, 304 on a matching
 * `If-None-Match` (free), otherwise the rate-limit charge (its headers, and 429 when a bucket is
 * empty), then the cached bytes (none for HEAD). Only `Server-Timing` differs: no use case ran,
 * so it says 0. The server's own warm-up requests charge the warm-up's own quota, never a
 * client's bucket, and are not logged.
 */
export function cachedReads(
  deps: CachedReadsDeps,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const clientKeyOf = rawClientKey(deps.trustProxy, deps.logger);
  const frame = headerlessFrame(deps.accessLogger ?? deps.logger);
  return (req, res) => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || url?.startsWith('/api/v1/tools') !== true)
      return false;
    const version = deps.validator.contentVersion();
    if (version === undefined) return false;
    const read = deps.cache.get(
      version,
      ReadResponseCache.keyOf(url, req.headers['accept-encoding']),
    );
    if (read === undefined) return false;

    // The metrics label is the one the Express route would have given it.
    const requestId = frame(req, res, read.route);
    // Every header goes out in one `writeHead` with a flat list, none through `setHeader`: Node
    // then checks each header once (in `_storeHeader`) instead of also storing it in its map.
    const head = frameHeaders(requestId);
    if (ifNoneMatchHits(req.headers['if-none-match'], read.etag)) {
      res.writeHead(304, pushHeaders(head, validatorHeaders(read.etag)));
      res.end();
      return true;
    }
    answerCharged(deps.quota, req, clientKeyOf(req), read, res, head).catch((error: unknown) =>
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

async function answerCharged(
  quota: RequestQuota,
  req: IncomingMessage,
  clientKey: string,
  read: CachedRead,
  res: ServerResponse,
  frame: readonly string[],
): Promise<void> {
  const outcome = await chargeRequest(quota, req, clientKey, read.buckets);
  const head = pushHeaders([...frame], rateLimitHeaders(outcome));
  if (!outcome.allowed) {
    const refusal = quotaRefusal(outcome.retryAfterSeconds);
    sendError(res, head, refusal.status, refusal.message, refusal.headers);
    return;
  }
  head.push('Server-Timing', 'use-case;dur=0.000', ...read.headerList);
  res.writeHead(200, head);
  // Node sends no body for HEAD, whatever is passed here.
  res.end(read.body);
}

/** `list` with `headers` appended as `name, value` pairs, in their order. */
function pushHeaders(list: string[], headers: Readonly<Record<string, string>>): string[] {
  for (const name in headers) list.push(name, headers[name]!);
  return list;
}

/** `{ "error": message }` as the error handler's `res.json` sends it (plus compression's `Vary`). */
function sendError(
  res: ServerResponse,
  head: readonly string[],
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = Buffer.from(JSON.stringify(errorBody(message)), 'utf8');
  res.writeHead(
    status,
    pushHeaders([...head], {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      Vary: 'Accept-Encoding',
    }),
  );
  res.end(body);
}
