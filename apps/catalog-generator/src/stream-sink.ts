import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CatalogSink } from './catalog-writer.js';

/** A sink over a writable stream that honours back-pressure; `end()` flushes and closes it. */
export interface StreamSink extends CatalogSink {
  end(): Promise<void>;
}

/**
 * Writes wait for `drain` when the stream's buffer is full, so a slow disk or pipe holds the
 * generator back instead of filling memory. A stream error rejects the pending and later writes.
 */
export function streamSink(stream: Writable): StreamSink {
  let failure: Error | undefined;
  stream.on('error', (error) => {
    failure = error;
  });
  return {
    async write(chunk) {
      if (failure) throw failure;
      // Back-pressure: wait for `drain` when the buffer is full (`once` rejects on `error`).
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    async end() {
      if (failure) throw failure;
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.end(() => resolve());
      });
    },
  };
}
