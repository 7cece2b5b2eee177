import type { IndexingAhead, Logger } from '@reviews/application';
import type { IndexedPostings, Tool } from '@reviews/domain';
import { builtScriptBeside } from '../built-script.js';
import { Worker } from 'node:worker_threads';
import { TextsChunkWriter, type TextsChunk } from './searched-texts-chunks.js';

/** What the indexing-ahead worker starts with. */
export interface IndexingAheadWorkerData {
  /** Shared counters: chunks indexed (`CHUNKS_DONE`), and 1 once indexing failed (`FAILED`). */
  readonly progress: Int32Array;
}
export const CHUNKS_DONE = 0;
export const FAILED = 1;

/** The main thread's messages to the worker: chunks of texts, then `finish`. */
export type IndexingAheadMessage =
  { readonly kind: 'texts'; readonly chunk: TextsChunk } | { readonly kind: 'finish' };

interface IndexingAheadOptions {
  /** Bytes per chunk (default `CHUNK_BYTES`). */
  readonly chunkBytes?: number;
  /**
   * Chunks sent and not yet indexed, at most (default 8, 8 MiB of text): the reader waits
   * beyond that, so memory holds a few chunks, however much faster reading is than indexing.
   */
  readonly chunksAhead?: number;
  /** How long the reader waits for one more chunk to be indexed before it gives up (default 10 s). */
  readonly patienceMs?: number;
}

/**
 * Indexes a catalog's searched texts on a worker thread while this thread reads the catalog
 * (`IndexingAhead`): at 100k tools, reading and validating take about 9 s and indexing about 12 s
 * on one thread, so overlapping them is most of what a cold start can gain on two cores. Each
 * tool's texts are written into chunks of bytes (`TextsChunkWriter`) and moved to the worker,
 * which scans the bytes as they are. The reader runs synchronously, deaf to events, so the worker
 * reports through shared counters: the reader waits there whenever it is `chunksAhead` chunks
 * ahead, and stops sending (the builder then indexes on this thread) when the worker failed or
 * finished no chunk for `patienceMs`.
 */
export class WorkerIndexingAhead implements IndexingAhead {
  private readonly worker: Worker;
  private readonly progress = new Int32Array(new SharedArrayBuffer(8));
  private readonly writer: TextsChunkWriter;
  private readonly chunksAhead: number;
  private readonly patienceMs: number;
  private readonly postings: Promise<IndexedPostings>;
  private readonly started = performance.now();
  private sent = 0;
  private tools = 0;
  private failure: Error | undefined;

  constructor(
    script: URL,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    options: IndexingAheadOptions = {},
  ) {
    this.writer = new TextsChunkWriter((chunk) => this.send(chunk), options.chunkBytes);
    this.chunksAhead = options.chunksAhead ?? 8;
    this.patienceMs = options.patienceMs ?? 10_000;
    const data: IndexingAheadWorkerData = { progress: this.progress };
    this.worker = new Worker(script, { workerData: data });
    this.postings = new Promise((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) =>
        reject(new Error(`The indexing thread stopped (exit code ${code}) before it finished.`)),
      );
    });
    // Settled without a listener when cancelled.
    this.postings.catch(() => undefined);
  }

  add(tool: Tool): void {
    if (this.failure !== undefined) return;
    this.tools++;
    this.writer.add(tool);
  }

  async finish(): Promise<IndexedPostings> {
    try {
      if (this.failure === undefined) this.writer.flush();
      if (this.failure !== undefined) throw this.failure;
      const message: IndexingAheadMessage = { kind: 'finish' };
      this.worker.postMessage(message);
      const postings = await this.postings;
      if (postings.toolCount !== this.tools)
        throw new Error(
          `The indexing thread indexed ${postings.toolCount} of ${this.tools} tools.`,
        );
      this.logger.info(
        { tools: this.tools, ms: Math.round(performance.now() - this.started) },
        'search texts indexed ahead',
      );
      return postings;
    } catch (error) {
      this.logger.warn({ err: error }, 'indexing ahead failed; indexing on this thread');
      throw error;
    } finally {
      await this.worker.terminate();
    }
  }

  async cancel(): Promise<void> {
    this.failure ??= new Error('Indexing ahead was cancelled.');
    await this.worker.terminate();
  }

  private send(chunk: TextsChunk): void {
    if (this.failure !== undefined) return;
    const message: IndexingAheadMessage = { kind: 'texts', chunk };
    this.worker.postMessage(message, [chunk.buffer]);
    this.sent++;
    for (;;) {
      if (Atomics.load(this.progress, FAILED) === 1) {
        this.failure = new Error('The indexing thread failed.');
        return;
      }
      const done = Atomics.load(this.progress, CHUNKS_DONE);
      if (this.sent - done <= this.chunksAhead) return;
      if (Atomics.wait(this.progress, CHUNKS_DONE, done, this.patienceMs) === 'timed-out') {
        this.failure = new Error(`The indexing thread took no text for ${this.patienceMs} ms.`);
        return;
      }
    }
  }
}

/** The compiled worker script beside this module (see `builtScriptBeside`). */
export const indexingAheadWorkerScript = (): URL | undefined =>
  builtScriptBeside(import.meta.url, 'indexing-ahead-worker.js');
