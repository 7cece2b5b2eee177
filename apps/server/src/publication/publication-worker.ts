/**
 * Worker thread entry: loads, validates and indexes the catalog off the request thread, then hands
 * the publication to the main thread in slices, one per request, so that receiving it never
 * blocks the main thread for long (see `WorkerPublicationBuilder`). It listens until the main
 * thread terminates it, so nothing it sent can be overtaken by its exit.
 */
import { CatalogInvalidError, SourcePublicationBuilder } from '@reviews/application';
import { searchIndexBuffers, type PublicationSnapshot, type Tool } from '@reviews/domain';
import { workerData } from 'node:worker_threads';
import { createLogger, unbatchedStdoutDestination } from '../logging/logger.js';
import { withCatalogSource } from './catalog-source-factory.js';
import { indexSnapshotStore } from './index-snapshots.js';
import { speedUpIndexing } from './indexing-speed-up.js';
import {
  TERM_SLICE,
  TOOL_SLICE_UNITS,
  type PublicationMessage,
  type PublicationWorkerData,
} from './publication-messages.js';

const { config, port } = workerData as PublicationWorkerData;
speedUpIndexing();

/** Rough size of a tool's text, to cut slices of similar weight. */
function weightOf(tool: Tool): number {
  let units = tool.name.length + tool.description.length + tool.website.length + 200;
  for (const review of tool.reviews) units += review.likes.length + review.dislikes.length + 200;
  return units;
}

function* slices(snapshot: PublicationSnapshot): Generator<PublicationMessage> {
  let start = 0;
  let units = 0;
  for (let i = 0; i < snapshot.tools.length; i++) {
    units += weightOf(snapshot.tools[i] as Tool);
    if (units >= TOOL_SLICE_UNITS || i === snapshot.tools.length - 1) {
      yield { kind: 'tools', tools: snapshot.tools.slice(start, i + 1) };
      start = i + 1;
      units = 0;
    }
  }
  const { terms } = snapshot.index;
  for (let i = 0; i < terms.length; i += TERM_SLICE)
    yield { kind: 'terms', terms: terms.slice(i, i + TERM_SLICE) };
  yield { kind: 'end' };
}

async function run(): Promise<void> {
  let snapshot: PublicationSnapshot;
  try {
    // A fresh index is saved before its arrays are handed over (and so lost to this thread).
    // Unbatched: this thread is terminated as soon as the main thread has the publication.
    const logger = createLogger(config.logLevel, unbatchedStdoutDestination());
    const indexSnapshots = indexSnapshotStore(config, logger);
    const publication = await withCatalogSource(
      config,
      (source) =>
        new SourcePublicationBuilder(source, {
          awaitSave: true,
          ...(indexSnapshots === undefined ? {} : { indexSnapshots }),
        }).build(),
      (fingerprint) => indexSnapshots?.holds(fingerprint) === true,
    );
    snapshot = publication.snapshot();
  } catch (error) {
    const failed: PublicationMessage = {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof CatalogInvalidError ? { problems: error.problems } : {}),
    };
    port.postMessage(failed);
    // Stays alive (listening) until the main thread has read this and terminates the worker.
    port.on('message', () => undefined);
    return;
  }
  const { terms, ...index } = snapshot.index;
  const head: PublicationMessage = {
    kind: 'head',
    id: snapshot.id,
    publishedAt: snapshot.publishedAt,
    toolCount: snapshot.tools.length,
    termCount: terms.length,
    index,
  };
  port.postMessage(head, searchIndexBuffers(snapshot.index) as ArrayBuffer[]);
  const rest = slices(snapshot);
  port.on('message', () => {
    const next = rest.next();
    if (next.done !== true) port.postMessage(next.value);
  });
}

await run();
