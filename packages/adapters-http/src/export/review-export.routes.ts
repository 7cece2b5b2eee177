import { catalogExportJson, type ExportCatalog, type RequestQuota } from '@reviews/application';
import { Router, type Response } from 'express';
import { once } from 'node:events';
import {
  ifNoneMatchHits,
  JSON_CONTENT_TYPE,
  PUBLIC_CACHE_CONTROL,
  strongETag,
} from '../shared/cacheable-response.js';
import { chargeQuota } from '../shared/request-quota.js';
import { toHttpError } from '../shared/use-case-errors.js';

export interface ReviewExportDeps {
  readonly exportCatalog: ExportCatalog;
  readonly quota: RequestQuota;
}

export const REVIEW_EXPORT_PATH = '/reviews/index.json';

/**
 * `GET /reviews/index.json`: the whole archive in the catalog format (contract §2, §9), streamed
 * tool by tool with backpressure, so its size never has to fit in memory. The body is a pure
 * function of the publication and the configured profile, so its strong ETag is computed from
 * those without buffering the body.
 */
export function reviewExportRoutes({ exportCatalog, quota }: ReviewExportDeps): Router {
  const router = Router();
  router.get(REVIEW_EXPORT_PATH, async (req, res) => {
    const result = exportCatalog.execute();
    if (!result.ok) throw toHttpError(result.error);
    const archive = result.value;
    const etag = strongETag(JSON.stringify([archive.publicationId, archive.head]));
    const headers = { ETag: etag, 'Cache-Control': PUBLIC_CACHE_CONTROL };
    if (ifNoneMatchHits(req.get('If-None-Match'), etag)) {
      res.status(304).set(headers).end();
      return;
    }
    await chargeQuota(quota, req, res, ['pages']);
    res.status(200).set(headers).type(JSON_CONTENT_TYPE);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    for (const chunk of catalogExportJson(archive)) {
      if (!(await write(res, chunk))) return;
    }
    res.end();
  });
  return router;
}

/**
 * Writes one chunk, waiting for the socket to drain when its buffer is full. False once the
 * client has gone away, so the stream stops instead of waiting forever.
 */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  return !res.destroyed;
}
