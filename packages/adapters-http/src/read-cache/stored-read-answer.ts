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
  const { body, contentEncoding } = encodedBody(payload, options.encoding);
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
