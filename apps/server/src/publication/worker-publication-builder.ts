import { CatalogInvalidError, type PublicationBuilder } from '@reviews/application';
import { ArrivingTools, isSameJsonValue, Publication, type Tool } from '@reviews/domain';
import { builtScriptBeside, type ServerConfig } from '@reviews/service-common';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import {
  TAKEN,
  type PublicationMessage,
  type PublicationWorkerData,
} from './publication-messages.js';

/**
 * Builds publications in a `worker_threads` worker (`publication-worker.js`), one worker per
 * build, so loading, validating and indexing a catalog never block the request thread. Tools
 * arrive in slices of about 400 KB as the worker reads them (`handOverPublication`), one slice
 * per event-loop turn, each taken in as it comes; then the index, whose typed arrays are
 * transferred (moved, not copied), and the dictionary terms in slices; the publication is then
 * put together without indexing again (`Publication.fromArrivedTools`). Tools are frozen, listed,
 * mapped by id and their reviews counted slice by slice as they arrive (`ArrivingTools`), so that
 * last step, the one that blocks the main thread at once, makes no pass over the tools. The
 * worker, and everything it allocated, is gone once the build ends; when it fails, so is what
 * arrived.
 */
export class WorkerPublicationBuilder implements PublicationBuilder {
  /**
   * `live`: the publication being served, if any. A received tool equal to its tool of the same
   * id (`isSameJsonValue`: same members, same order, same values) is replaced by that tool, so
   * the new publication shares what did not change instead of holding a second copy of it: a
   * reload where few tools changed then adds little to the heap, and what it received dies young.
   * Tools are immutable, so sharing one between publications changes no answer.
   */
  constructor(
    private readonly config: ServerConfig,
    private readonly script: URL,
    private readonly live: () => Publication | undefined = () => undefined,
  ) {}

  async build(): Promise<Publication> {
    const { port1, port2 } = new MessageChannel();
    const progress = new Int32Array(new SharedArrayBuffer(4));
    const data: PublicationWorkerData = { config: this.config, port: port2, progress };
    const worker = new Worker(this.script, { workerData: data, transferList: [port2] });
    const receive = messagesOf(port1, worker);
    const current = this.live();
    let tools = new ArrivingTools();
    const terms: string[] = [];
    let head: Extract<PublicationMessage, { kind: 'head' }> | undefined;
    try {
      for (;;) {
        const message = await receive();
        if (message.kind === 'end') break;
        if (message.kind === 'failed') {
          throw message.problems === undefined
            ? new Error(message.message)
            : new CatalogInvalidError(message.problems);
        }
        if (message.kind === 'tools' && head === undefined)
          for (const tool of message.tools) tools.add(sharedOrOwn(current, tool));
        else if (message.kind === 'again' && head === undefined) tools = new ArrivingTools();
        else if (message.kind === 'head' && head === undefined) head = message;
        else if (message.kind === 'terms' && head !== undefined)
          for (const term of message.terms) terms.push(term);
        else throw new Error(`Publication worker: unexpected ${message.kind}`);
        // Taken in: the worker may send one more. Then the next slice waits for the next turn
        // of the event loop, so that requests are answered between slices.
        Atomics.add(progress, TAKEN, 1);
        Atomics.notify(progress, TAKEN);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (head === undefined || terms.length !== head.termCount)
        throw new Error('Publication worker: the publication arrived incomplete.');
      return Publication.fromArrivedTools(
        { id: head.id, publishedAt: head.publishedAt, index: { ...head.index, terms } },
        tools.complete(head.toolCount),
      );
    } finally {
      port1.close();
      await worker.terminate();
    }
  }
}

/** `current`'s tool of `tool`'s id when it is the same value, else `tool`. */
function sharedOrOwn(current: Publication | undefined, tool: Tool): Tool {
  const live = current?.findTool(tool.id);
  return live !== undefined && isSameJsonValue(live, tool) ? live : tool;
}

/** Reads `port` one message at a time; rejects when the worker fails or exits first. */
function messagesOf(port: MessagePort, worker: Worker): () => Promise<PublicationMessage> {
  const queue: PublicationMessage[] = [];
  let waiting: { resolve(m: PublicationMessage): void; reject(e: Error): void } | undefined;
  let failure: Error | undefined;
  const fail = (error: Error): void => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = undefined;
  };
  port.on('message', (message: PublicationMessage) => {
    if (waiting === undefined) queue.push(message);
    else {
      waiting.resolve(message);
      waiting = undefined;
    }
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) =>
    fail(new Error(`The publication worker stopped (exit code ${code}) before it finished.`)),
  );
  return () => {
    const next = queue.shift();
    if (next !== undefined) return Promise.resolve(next);
    if (failure !== undefined) return Promise.reject(failure);
    return new Promise((resolve, reject) => (waiting = { resolve, reject }));
  };
}

/** The compiled worker script beside this module (see `builtScriptBeside`). */
export const publicationWorkerScript = (): URL | undefined =>
  builtScriptBeside(import.meta.url, 'publication-worker.js');
