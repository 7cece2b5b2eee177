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
      if (stream.write(chunk)) return;
      await new Promise<void>((resolve, reject) => {
        const onDrain = (): void => {
          stream.off('error', onError);
          resolve();
        };
        const onError = (error: Error): void => {
          stream.off('drain', onDrain);
          reject(error);
        };
        stream.once('drain', onDrain);
        stream.once('error', onError);
      });
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
