/**
 * Worker thread entry: loads, validates and indexes the catalog off the request thread and hands
 * the publication to the main thread in slices, as it reads it when it can (see
 * `handOverPublication` and `WorkerPublicationBuilder`). It listens until the main thread
 * terminates it, so nothing it sent can be overtaken by its exit.
 */
import { CatalogInvalidError } from '@reviews/application';
import { workerData } from 'node:worker_threads';
import { createLogger, unbatchedStdoutDestination } from '../logging/logger.js';
import { withCatalogSource } from './catalog-source-factory.js';
import { indexSnapshotStore, speedUpIndexing } from '@reviews/service-common';
import { handOverPublication, PublicationHandOver } from './publication-hand-over.js';
import type { PublicationWorkerData } from './publication-messages.js';

const { config, port, progress } = workerData as PublicationWorkerData;
speedUpIndexing();
// Stays alive (listening) until the main thread has read everything and terminates the worker.
port.on('message', () => undefined);

const out = new PublicationHandOver(port, progress);
try {
  // Unbatched: this thread is terminated as soon as the main thread has the publication.
  const logger = createLogger(config.logLevel, unbatchedStdoutDestination());
  const indexSnapshots = indexSnapshotStore(config, logger);
  await withCatalogSource(
    config,
    (source) => handOverPublication(source, indexSnapshots, out, { logger }),
    (fingerprint) => indexSnapshots?.holds(fingerprint) === true,
  );
} catch (error) {
  out.send({
    kind: 'failed',
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof CatalogInvalidError ? { problems: error.problems } : {}),
  });
}
