import type { Db } from 'mongodb';
import type {
  PublicationFeed,
  PublicationFollowing,
  PublicationListener,
} from '@reviews/application';
import type { MongoCatalogSource } from './mongo-catalog-source.js';
import { MongoPublicationWatcher } from './mongo-publication-watcher.js';

interface MongoPublicationFeedOptions {
  /** Between two reads of the pointer when polling (`CATALOG_REFRESH_INTERVAL_MS`). */
  readonly intervalMs: number;
  /** Try a change stream on the pointer first (default true); off: poll only. */
  readonly changeStreams?: boolean;
}

/**
 * The `PublicationFeed` of a MongoDB catalog: each `follow` starts a `MongoPublicationWatcher`
 * (a change stream on the pointer where the server offers one, else a read every `intervalMs`).
 * Its stated delay is therefore the change stream's (well under a second) on a replica set and up
 * to `intervalMs` on a standalone server or FerretDB.
 */
export class MongoPublicationFeed implements PublicationFeed {
  constructor(
    private readonly db: Db,
    private readonly source: MongoCatalogSource,
    private readonly options: MongoPublicationFeedOptions,
  ) {}

  follow(listener: PublicationListener): PublicationFollowing {
    return MongoPublicationWatcher.start(this.db, this.source, {
      ...this.options,
      onPublication: (id) => listener.onPublication(id),
      onError: (error) => listener.onError(error),
    });
  }
}
