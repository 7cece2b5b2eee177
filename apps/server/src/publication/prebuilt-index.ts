import { FileCatalogSource } from '@reviews/adapters-persistence';
import {
  SourcePublicationBuilder,
  type CatalogSource,
  type LoadedCatalog,
  type Logger,
} from '@reviews/application';
import type { ServerConfig } from '../config/server-config.js';
import { indexSnapshotStore } from './index-snapshots.js';
import { speedUpIndexing } from './indexing-speed-up.js';

/** What `prebuildIndexSnapshot` did. */
export type PrebuiltIndex =
  /** Index snapshots are off (`INDEX_SNAPSHOTS=false`, or the indexing code is not built). */
  | { readonly outcome: 'off' }
  /** The snapshot of the file's bytes is in `file` (written now, or there already). */
  | { readonly outcome: 'saved'; readonly file: string }
  /** It could not be written (the store logged why); the server will index when it publishes. */
  | { readonly outcome: 'failed'; readonly file: string };

/**
 * Publishes a catalog as the server's publication worker does, on the calling thread, and keeps
 * its index snapshot under `DATA_DIR/index-snapshots/` (see `indexSnapshotStore`). The server's
 * next start, and its next SIGHUP reload, of these very bytes then load that index instead of
 * building it: at 100k tools, ready in about 9 s instead of 28 s (docs/performance.md, "Indexing
 * ahead of the server"). The snapshot is named by the catalog's fingerprint and this code's
 * identity, so a server of other code, or a file changed since, simply indexes as before.
 *
 * `loaded`: `CATALOG_FILE` as `FileCatalogSource` loaded it already (so it is not read twice);
 * without it, the file is read. Throws what loading the file throws.
 */
export async function prebuildIndexSnapshot(
  config: ServerConfig,
  logger: Pick<Logger, 'info' | 'warn'>,
  loaded?: LoadedCatalog,
): Promise<PrebuiltIndex> {
  const store = indexSnapshotStore(config, logger);
  if (store === undefined) return { outcome: 'off' };
  // As in the publication worker: this process may not have done what makes indexing fast.
  speedUpIndexing();
  try {
    const source: CatalogSource =
      loaded === undefined
        ? new FileCatalogSource(config.catalogFile, {
            publishedBefore: (fingerprint) => store.holds(fingerprint),
          })
        : { load: () => Promise.resolve(loaded) };
    const publication = await new SourcePublicationBuilder(source, {
      indexSnapshots: store,
      awaitSave: true,
    }).build();
    const file = store.fileOf(publication.id);
    return { outcome: store.holds(publication.id) ? 'saved' : 'failed', file };
  } finally {
    await store.close();
  }
}
