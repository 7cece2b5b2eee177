import {
  SourcePublicationBuilder,
  type CatalogSource,
  type IndexingAhead,
  type LoadedCatalog,
  type Logger,
} from '@reviews/application';
import type { IndexedPostings } from '@reviews/domain';
import type { ServerConfig } from '../config/server-config.js';
import { indexingAheadWorkerScript, WorkerIndexingAhead } from './indexing-ahead.js';
import { indexSnapshotStore } from './index-snapshots.js';

/** What `prebuildIndexSnapshot` did. */
type PrebuiltIndex =
  /** Index snapshots are off (`INDEX_SNAPSHOTS=false`, or the indexing code is not built). */
  | { readonly outcome: 'off' }
  /**
   * The snapshot of the file's bytes is in `file` (written now, or there already). `ahead`: its
   * postings were built while the file was being validated (`indexingAheadOfImport`).
   */
  | { readonly outcome: 'saved'; readonly file: string; readonly ahead: boolean }
  /** It could not be written (the store logged why); the server will index when it publishes. */
  | { readonly outcome: 'failed'; readonly file: string };

/**
 * Publishes a loaded catalog as the server's publication worker does, on the calling thread,
 * and keeps its index snapshot under `DATA_DIR/index-snapshots/` (see `indexSnapshotStore`).
 * The server's next start, and its next SIGHUP reload, of these very bytes then load that
 * index instead of building it: at 100k tools, ready in about 9 s instead of 26–28 s
 * (docs/performance.md, "Indexing ahead of the server"). The snapshot is named by the
 * catalog's fingerprint and this code's identity, so a server of other code, or a file changed
 * since, simply indexes as before.
 *
 * `loaded`: `CATALOG_FILE` as `FileCatalogSource` loaded it (every check run), so that the file
 * is not read twice; its fingerprint names the snapshot. `ahead`: what `indexingAheadOfImport`
 * started, given every tool of `loaded` while it was read; used for the postings (or cancelled
 * when the snapshot is there already).
 */
export async function prebuildIndexSnapshot(
  config: ServerConfig,
  logger: Pick<Logger, 'info' | 'warn'>,
  loaded: LoadedCatalog,
  ahead?: IndexingAhead,
): Promise<PrebuiltIndex> {
  const store = indexSnapshotStore(config, logger);
  if (store === undefined) {
    await ahead?.cancel();
    return { outcome: 'off' };
  }
  try {
    // The tools were given to `ahead` as they were read: the source tells no one again.
    const source: CatalogSource = { load: () => Promise.resolve(loaded) };
    let given: IndexedPostings | undefined;
    const publication = await new SourcePublicationBuilder(source, {
      indexSnapshots: store,
      awaitSave: true,
      ...(ahead === undefined
        ? {}
        : {
            indexingAhead: () => ({
              add: (tool) => ahead.add(tool),
              finish: async () => {
                given = await ahead.finish();
                return given;
              },
              cancel: () => ahead.cancel(),
            }),
          }),
    }).build();
    const file = store.fileOf(publication.id);
    if (!store.holds(publication.id)) return { outcome: 'failed', file };
    // Its postings are the publication's own only when they were of these tools.
    const used = given !== undefined && publication.snapshot().index.postings === given.postings;
    return { outcome: 'saved', file, ahead: used };
  } finally {
    await store.close();
  }
}

/**
 * For `catalog import`: indexing ahead of `prebuildIndexSnapshot` (a worker thread indexing the
 * catalog while it is validated, as on a server's cold start), or undefined when index
 * snapshots are off or the worker is not built. Give it to `FileCatalogSource.load` as the
 * observer, then to `prebuildIndexSnapshot`; cancel it when the file is not installed.
 */
export function indexingAheadOfImport(
  config: ServerConfig,
  logger: Pick<Logger, 'info' | 'warn'>,
): IndexingAhead | undefined {
  if (!config.indexSnapshots) return undefined;
  const script = indexingAheadWorkerScript();
  return script === undefined ? undefined : new WorkerIndexingAhead(script, logger);
}
