import compression from 'compression';
import type { RequestHandler } from 'express';
import Negotiator from 'negotiator';
import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

/**
 * The compression step of every path (docs/api.md#caching-and-etags): which coding a request
 * gets, from what size, at what level. Express answers through `responseCompression`; the cached
 * reads code their body once with `encodedBody`, with the same choices, so both send the same
 * bytes.
 */

/** Bodies under this many bytes go out as they are. */
const COMPRESSION_THRESHOLD = 1024;

/** Brotli's quality (the `compression` middleware's default); zlib keeps its defaults. */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4 };

// The same lists, and the same negotiator, as the `compression` middleware, so the encoding named
// in an ETag is the one that middleware picks for the body.
const SUPPORTED_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED_ENCODINGS = ['br', 'gzip'];

/** The Express app's compression middleware, with this module's threshold and levels. */
export function responseCompression(): RequestHandler {
  return compression({ threshold: COMPRESSION_THRESHOLD, brotli: { params: BROTLI_PARAMS } });
}

/**
 * The content coding `compression` uses for this request when it compresses the body: `br`,
 * `gzip`, `deflate` or `identity`. Bodies under the threshold go out as identity whatever this
 * says; their ETag still names the negotiated coding, which only costs a cache a miss.
 */
export function negotiatedEncoding(req: Pick<IncomingMessage, 'headers'>): string {
  if (req.headers['accept-encoding'] === undefined) return 'identity';
  // negotiator 0.6.4 takes the preferred list as a second argument; its typings predate it.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], preferred: string[]): string | undefined;
  };
  return negotiator.encoding(SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS) ?? 'identity';
}

/**
 * `payload` in the negotiated content coding, with the middleware's parameters, once, so a
 * cached answer is compressed only when it is computed. `contentEncoding` is undefined when the
 * body goes out as is.
 */
export function encodedBody(
  payload: string,
  encoding: string,
): { body: Buffer; contentEncoding: string | undefined } {
  const identity = Buffer.from(payload, 'utf8');
  if (identity.length < COMPRESSION_THRESHOLD)
    return { body: identity, contentEncoding: undefined };
  switch (encoding) {
    case 'br':
      return {
        body: brotliCompressSync(identity, { params: BROTLI_PARAMS }),
        contentEncoding: 'br',
      };
    case 'gzip':
      return { body: gzipSync(identity), contentEncoding: 'gzip' };
    case 'deflate':
      return { body: deflateSync(identity), contentEncoding: 'deflate' };
    default:
      return { body: identity, contentEncoding: undefined };
  }
}
