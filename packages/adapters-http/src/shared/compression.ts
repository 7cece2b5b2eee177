import compression from 'compression';
import type { RequestHandler } from 'express';
import Negotiator from 'negotiator';
import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

/**
 * The compression step of every path (docs/api.md#caching-and-etags): which coding a request
 * gets, from what size, at what level. Express answers through `responseCompression`; the read
 * answers (the tools routes, and the cached reads that send them again) code their body once
 * with `encodedBody`, at levels chosen for bodies computed per request.
 */

/** Bodies under this many bytes go out as they are. */
const COMPRESSION_THRESHOLD = 1024;

/** Brotli's quality (the `compression` middleware's default); zlib keeps its defaults. */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4 };

/**
 * The levels of read answers (`encodedBody`), which are computed per request on a miss: the
 * fastest that keep the size within a few per cent of the defaults on a search page of 8 KB
 * (brotli 2: 3 % larger than 4, several times faster; gzip 1: 3 % larger than 6). The window
 * fits the body, so brotli does not set up 4 MiB of state for a few kilobytes.
 */
const DYNAMIC_BROTLI_QUALITY = 2;
const DYNAMIC_ZLIB_LEVEL = 1;
const brotliParamsFor = (size: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
  [constants.BROTLI_PARAM_SIZE_HINT]: size,
  [constants.BROTLI_PARAM_LGWIN]: Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
  ),
});

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
 * `payload` in the negotiated content coding, from the middleware's threshold, at the levels of
 * answers computed per request, once, so a cached answer is compressed only when it is computed.
 * `contentEncoding` is undefined when the body goes out as is.
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
        body: brotliCompressSync(identity, { params: brotliParamsFor(identity.length) }),
        contentEncoding: 'br',
      };
    case 'gzip':
      return { body: gzipSync(identity, { level: DYNAMIC_ZLIB_LEVEL }), contentEncoding: 'gzip' };
    case 'deflate':
      return {
        body: deflateSync(identity, { level: DYNAMIC_ZLIB_LEVEL }),
        contentEncoding: 'deflate',
      };
    default:
      return { body: identity, contentEncoding: undefined };
  }
}
