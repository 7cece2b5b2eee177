/**
 * Worker thread entry of `FileIndexSnapshotStore.prefetch`: while the calling thread reads and
 * validates the catalog, this one hashes the same file as `FileCatalogSource` does, then reads
 * and checks the index snapshot of that fingerprint, and posts one `PrefetchedSnapshot` (its
 * buffers transferred, not copied) or null when there is none to use. Any failure is null: the
 * store then loads as it would have without a prefetch, and reports what it finds.
 */
import { open } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { catalogFileFingerprint } from './file-catalog-source.js';
import { readSnapshotParts } from './index-snapshot-format.js';
import {
  snapshotFileOf,
  type PrefetchedSnapshot,
  type PrefetchRequest,
} from './index-snapshot-prefetch.js';

const { catalogFile, directory, identity } = workerData as PrefetchRequest;

async function prefetch(): Promise<PrefetchedSnapshot | null> {
  const fingerprint = catalogFileFingerprint(catalogFile);
  const handle = await open(snapshotFileOf(directory, fingerprint, identity), 'r');
  try {
    const { size } = await handle.stat();
    return { fingerprint, ...(await readSnapshotParts(handle, size, { identity, fingerprint })) };
  } finally {
    await handle.close();
  }
}

prefetch().then(
  (found) =>
    parentPort?.postMessage(
      found,
      found === null
        ? []
        : [found.arrayBytes.buffer as ArrayBuffer, found.termBytes.buffer as ArrayBuffer],
    ),
  () => parentPort?.postMessage(null),
);
