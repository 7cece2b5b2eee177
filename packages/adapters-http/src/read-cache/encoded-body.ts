import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

/** Bodies under this many bytes go out as they are (the `compression` middleware's threshold). */
const COMPRESSION_THRESHOLD = 1024;

/**
 * `payload` in the negotiated content coding, with the parameters the `compression` middleware
 * uses (brotli quality 4, zlib defaults), once, so a cached answer is compressed only when it is
 * computed. `contentEncoding` is undefined when the body goes out as is.
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
        body: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
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
