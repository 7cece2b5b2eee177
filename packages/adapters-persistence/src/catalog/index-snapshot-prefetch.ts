import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SnapshotParts } from './index-snapshot-format.js';

/** What the prefetch worker is given. */
export interface PrefetchRequest {
  readonly catalogFile: string;
  readonly directory: string;
  readonly identity: string;
}

/** A snapshot read ahead: its parts, for the catalog file's fingerprint at the time it was hashed. */
export interface PrefetchedSnapshot extends SnapshotParts {
  readonly fingerprint: string;
}

/** The file that holds (or would hold) the snapshot of `fingerprint` written by `identity`. */
export const snapshotFileOf = (directory: string, fingerprint: string, identity: string): string =>
  join(directory, `${fingerprint}-${identity.slice(0, 16)}.idx`);

/** The built worker script (absent when running from TypeScript sources). */
const PREFETCH_WORKER = fileURLToPath(
  new URL('./index-snapshot-prefetch.worker.js', import.meta.url),
);

/**
 * Starts reading ahead, on a worker thread, the snapshot of the catalog file's current content.
 * Resolves with it, or undefined when there is none, it cannot be used, or `script` is missing.
 * The worker never keeps the process alive.
 */
export function prefetchSnapshot(
  request: PrefetchRequest,
  script = PREFETCH_WORKER,
): Promise<PrefetchedSnapshot | undefined> {
  if (!existsSync(script)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const worker = new Worker(script, { workerData: request });
    worker.unref();
    worker.once('message', (found: PrefetchedSnapshot | null) => resolve(found ?? undefined));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}
