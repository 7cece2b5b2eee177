/**
 * Worker thread entry of `WorkerIndexingAhead`: indexes the searched texts of a catalog, chunk by
 * chunk, while the main thread is still reading the catalog; counts each chunk done in the shared
 * `progress` counters (which pace the reader); on `finish`, answers with the postings, their
 * arrays moved. It listens until the main thread terminates it.
 */
import { finishIndexedPostings, indexedPostingsBuffers, PostingsCollector } from '@reviews/domain';
import { parentPort, workerData } from 'node:worker_threads';
import { speedUpIndexing } from './indexing-speed-up.js';
import {
  CHUNKS_DONE,
  FAILED,
  type IndexingAheadMessage,
  type IndexingAheadWorkerData,
} from './indexing-ahead.js';
import { indexTextsChunk } from './searched-texts-chunks.js';

const { progress } = workerData as IndexingAheadWorkerData;
const port = parentPort;
if (port === null) throw new Error('indexing-ahead-worker runs as a worker thread only');
speedUpIndexing();

const collector = new PostingsCollector();
port.on('message', (message: IndexingAheadMessage) => {
  if (message.kind === 'texts') {
    try {
      indexTextsChunk(collector, message.chunk);
      Atomics.add(progress, CHUNKS_DONE, 1);
    } catch (error) {
      // The reader may be waiting on the counter and deaf to events: it reads this flag.
      Atomics.store(progress, FAILED, 1);
      Atomics.notify(progress, CHUNKS_DONE);
      throw error;
    }
    Atomics.notify(progress, CHUNKS_DONE);
  } else {
    const postings = finishIndexedPostings(collector);
    port.postMessage(postings, indexedPostingsBuffers(postings) as ArrayBuffer[]);
  }
});
