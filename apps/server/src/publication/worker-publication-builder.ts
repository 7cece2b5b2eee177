import { CatalogInvalidError, type PublicationBuilder } from '@reviews/application';
import { ArrivingTools, isSameJsonValue, Publication, type Tool } from '@reviews/domain';
import { builtScriptBeside } from './built-script.js';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ServerConfig } from '../config/server-config.js';
import type { PublicationMessage, PublicationWorkerData } from './publication-messages.js';

/**
 * Builds publications in a `worker_threads` worker (`publication-worker.js`), one worker per
 * build, so loading, validating and indexing a catalog never block the request thread. The
 * worker's typed index arrays are transferred (moved, not copied); tools and dictionary terms
 * arrive in slices of about 400 KB, one per event-loop turn, and the publication is then put
 * together without indexing again (`Publication.fromArrivedTools`). Tools are frozen, listed,
 * mapped by id and their reviews counted slice by slice as they arrive (`ArrivingTools`), so that
 * last step, the one that blocks the main thread at once, makes no pass over the tools. The
 * worker, and everything it allocated, is gone once the build ends.
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
    const data: PublicationWorkerData = { config: this.config, port: port2 };
    const worker = new Worker(this.script, { workerData: data, transferList: [port2] });
    const receive = messagesOf(port1, worker);
    try {
      const head = await receive();
      if (head.kind === 'failed') {
        throw head.problems === undefined
          ? new Error(head.message)
          : new CatalogInvalidError(head.problems);
      }
      if (head.kind !== 'head') throw new Error(`Publication worker: unexpected ${head.kind}`);
      const tools = new ArrivingTools(head.toolCount);
      const terms: string[] = [];
      const current = this.live();
      for (;;) {
        port1.postMessage('next');
        const message = await receive();
        if (message.kind === 'end') break;
        if (message.kind === 'tools')
          for (const tool of message.tools) tools.add(sharedOrOwn(current, tool));
        else if (message.kind === 'terms') for (const term of message.terms) terms.push(term);
        else throw new Error(`Publication worker: unexpected ${message.kind}`);
      }
      if (tools.length !== head.toolCount || terms.length !== head.termCount)
        throw new Error('Publication worker: the publication arrived incomplete.');
      return Publication.fromArrivedTools(
        { id: head.id, publishedAt: head.publishedAt, index: { ...head.index, terms } },
        tools.complete(),
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
