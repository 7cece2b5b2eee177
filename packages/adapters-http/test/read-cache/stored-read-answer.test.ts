import { describe, expect, it } from '@jest/globals';
import { BUCKETS } from '@reviews/application';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ownBytes, storedReadAnswer } from '../../src/read-cache/stored-read-answer.js';

/** A JSON body of about `size` bytes that compresses, as a search page does. */
const payloadOf = (size: number) =>
  JSON.stringify({
    items: Array.from({ length: Math.ceil(size / 60) }, (_, i) => ({ id: `tool-${i}`, n: i })),
  });

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
  identity: (body) => body,
};

describe('storedReadAnswer', () => {
  // The compressors answer a view of a 16 KiB chunk, a short Buffer.from one of an 8 KiB slab;
  // a kept body must hold no more memory than its own bytes, which the cache counts.
  it.each([
    ['br', 8000],
    ['gzip', 8000],
    ['deflate', 8000],
    ['identity', 2000],
    ['identity', 9000],
  ])('keeps a %s body of %i bytes in memory of exactly its size', (encoding, size) => {
    const payload = payloadOf(size);
    const answer = storedReadAnswer(payload, {
      etag: '"e"',
      encoding,
      buckets: [BUCKETS.api],
      route: '/api/v1/tools',
    });
    expect(answer.body.byteOffset).toBe(0);
    expect(answer.body.buffer.byteLength).toBe(answer.body.length);
    expect(answer.headers['Content-Length']).toBe(String(answer.body.length));
    expect(decoders[encoding]!(answer.body).toString('utf8')).toBe(payload);
  });
});

describe('ownBytes', () => {
  it('copies a view into memory of its own, and keeps a buffer that already owns its memory', () => {
    const slab = Buffer.from('0123456789');
    const view = slab.subarray(2, 5);
    const own = ownBytes(view);
    expect(own.toString()).toBe('234');
    expect(own.buffer.byteLength).toBe(3);
    expect(own.buffer).not.toBe(slab.buffer);
    const whole = Buffer.allocUnsafeSlow(4).fill(1);
    expect(ownBytes(whole)).toBe(whole);
  });
});
