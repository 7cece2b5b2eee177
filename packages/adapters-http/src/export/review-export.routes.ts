import {
  catalogExportJson,
  type ExportCatalog,
  type RequestQuota,
  BUCKETS,
} from '@reviews/application';
import { isNotModified, sendNotModified, strongETag, validatorHeaders } from '@reviews/http-common';
import { Router, type Response } from 'express';
import { once } from 'node:events';
import { JSON_CONTENT_TYPE } from '../shared/cacheable-response.js';
import { negotiatedEncoding } from '../shared/compression.js';
import { chargeQuota } from '../shared/request-quota.js';
import { toHttpError } from '../shared/use-case-errors.js';

interface ReviewExportDeps {
  readonly exportCatalog: ExportCatalog;
  readonly quota: RequestQuota;
}

const REVIEW_EXPORT_PATH = '/reviews/index.json';

/**
 * `GET /reviews/index.json`: the whole archive in the catalog format (docs/cli.md#catalog-format),
 * streamed tool by tool with backpressure, so its size never has to fit in memory. The body is a
 * pure function of the publication and the configured profile, so its strong ETag is computed from
 * those without buffering the body.
 */
export function reviewExportRoutes({ exportCatalog, quota }: ReviewExportDeps): Router {
  const router = Router();
  router.get(REVIEW_EXPORT_PATH, async (req, res) => {
    const result = exportCatalog.execute();
    if (!result.ok) throw toHttpError(result.error);
    const archive = result.value;
    const etag = strongETag(
      JSON.stringify([archive.publicationId, archive.head]),
      negotiatedEncoding(req),
    );
    if (isNotModified(req.get('If-None-Match'), etag)) {
      sendNotModified(res, etag);
      return;
    }
    await chargeQuota(quota, req, res, [BUCKETS.pages]);
    res.status(200).set(validatorHeaders(etag)).type(JSON_CONTENT_TYPE);
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
 * client has gone away, so the stream stops instead of waiting forever. Whichever of `drain` and
 * `close` loses the race has its listener removed, so a long export adds none per chunk.
 */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) {
    const settled = new AbortController();
    try {
      await Promise.race([
        once(res, 'drain', { signal: settled.signal }),
        once(res, 'close', { signal: settled.signal }),
      ]);
    } finally {
      settled.abort();
    }
  }
  return !res.destroyed;
}
