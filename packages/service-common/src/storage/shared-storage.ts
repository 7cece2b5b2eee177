import type {
  CatalogPublisher,
  CatalogSource,
  PublicationFeed,
  SubscriptionStore,
} from '@reviews/application';
import {
  connectMongo,
  connectPostgres,
  MongoCatalogSource,
  MongoPublicationFeed,
  MongoSubscriptionStore,
  PostgresCatalogSource,
  PostgresPublicationFeed,
  PostgresSubscriptionStore,
  type MigrationReport,
} from '@reviews/adapters-persistence';
import { SHARED_STORAGE_NAMES, type StorageChoice } from '../config/storage-choice.js';

/** A subscription store that holds a timer or a resource until closed. */
export type ClosableSubscriptionStore = SubscriptionStore & { close(): Promise<void> };

/**
 * A database every instance shares (docs/adapters.md#storage-families), seen only through the
 * application's ports: the catalog to load, the publisher, the feed of publications and the
 * subscriptions, over one connection. The server and the CLI use it without knowing the family.
 */
export interface SharedStorage {
  /** As people call it, for messages: `MongoDB`, `PostgreSQL`. */
  readonly name: string;
  /** The `/readyz` check that names it: `mongodb`, `postgres`. */
  readonly readinessCheck: string;
  /** The setting that chose it, for messages: `MONGODB_URL`, `DATABASE_URL`. */
  readonly setting: string;
  readonly catalog: CatalogSource;
  readonly publisher: CatalogPublisher;
  readonly feed: PublicationFeed;
  /** The schema steps applied when connecting (PostgreSQL); undefined where there are none. */
  readonly migrated: MigrationReport | undefined;
  openSubscriptionStore(): Promise<ClosableSubscriptionStore>;
  /** Resolves when the database answers; rejects otherwise (for `/readyz`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

interface SharedStorageOptions {
  /** Between two reads of the live publication where the feed polls (`CATALOG_REFRESH_INTERVAL_MS`). */
  readonly refreshIntervalMs: number;
  /** Shown in the database's own views of its clients. */
  readonly appName?: string;
}

/**
 * Connects to the database `choice` names, or resolves undefined for files (one instance, no
 * shared storage). Rejects with an Error naming the server (never the password) when it cannot be
 * reached. The one place that maps a storage family to its adapters.
 */
export async function connectSharedStorage(
  choice: StorageChoice,
  options: SharedStorageOptions,
): Promise<SharedStorage | undefined> {
  const appName = options.appName ?? 'reviews';
  if (choice.family === 'mongodb') {
    const connection = await connectMongo(choice.url, { appName });
    const catalog = new MongoCatalogSource(connection.db);
    return {
      ...SHARED_STORAGE_NAMES.mongodb,
      catalog,
      publisher: catalog,
      feed: new MongoPublicationFeed(connection.db, catalog, {
        intervalMs: options.refreshIntervalMs,
      }),
      migrated: undefined,
      openSubscriptionStore: () => MongoSubscriptionStore.open(connection.db),
      ping: () => connection.ping(),
      close: () => connection.close(),
    };
  }
  if (choice.family === 'postgres') {
    const connection = await connectPostgres(choice.url, { appName });
    const catalog = new PostgresCatalogSource(connection);
    return {
      ...SHARED_STORAGE_NAMES.postgres,
      catalog,
      publisher: catalog,
      feed: new PostgresPublicationFeed(connection, catalog, {
        intervalMs: options.refreshIntervalMs,
      }),
      migrated: connection.migrated,
      openSubscriptionStore: async () => new PostgresSubscriptionStore(connection),
      ping: () => connection.ping(),
      close: () => connection.close(),
    };
  }
  return undefined;
}
