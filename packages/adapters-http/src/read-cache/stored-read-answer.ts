import type { BucketName } from '@reviews/application';
import { validatorHeaders } from '@reviews/http-common';
import { JSON_CONTENT_TYPE } from '../shared/cacheable-response.js';
import type { StoredReadAnswer } from './read-answer-cache.js';
import { encodedBody } from '../shared/compression.js';

/**
 * The answer to a read as it will be cached and sent: `payload` coded once in the negotiated
 * `encoding`, with its validator and representation headers. Since the body is coded here, the
 * `compression` middleware leaves it alone (it skips bodies that already have a coding or are
 * under its threshold), so Express's answer and the fast path's are the same bytes.
 */
export function storedReadAnswer(
  payload: string,
  options: { etag: string; encoding: string; buckets: readonly BucketName[]; route: string },
): StoredReadAnswer {
  const coded = encodedBody(payload, options.encoding);
  const body = ownBytes(coded.body);
  const { contentEncoding } = coded;
  const headers = {
    ...validatorHeaders(options.etag),
    'Content-Type': JSON_CONTENT_TYPE,
    'Content-Length': String(body.length),
    ...(contentEncoding === undefined ? {} : { 'Content-Encoding': contentEncoding }),
  };
  return {
    status: 200,
    etag: options.etag,
    body,
    buckets: options.buckets,
    route: options.route,
    headers,
    headerList: Object.entries(headers).flat(),
  };
}

/**
 * `bytes` in memory of their own, exactly their size. The compressors return a view of a 16 KiB
 * output chunk, and a short `Buffer.from` is a view of an 8 KiB pool slab: kept in the cache,
 * such a view would hold the whole chunk or slab, several times the bytes the cache counts for
 * it (a 2 KB brotli body held 16 KiB), and the bound on the cache's memory would not be one.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}
