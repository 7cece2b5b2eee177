import {
  ExportCatalog,
  GetCatalogOverview,
  CompleteArgument,
  GetReview,
  ListTools,
  GetTool,
  ListReviewChanges,
  LivePublication,
  PublishCatalog,
  SearchTools,
  SourcePublicationBuilder,
  type CatalogSource,
  type ServiceProfile,
} from '@reviews/application';
import { FileCatalogSource, type FileIndexSnapshotStore } from '@reviews/adapters-persistence';
import type { Publication } from '@reviews/domain';
import type { Container } from 'inversify';
import type { Logger } from '../logging/logger.js';
import {
  indexingAheadWorkerScript,
  indexSnapshotStore,
  WorkerIndexingAhead,
  type ServerConfig,
  type SharedStorage,
} from '@reviews/service-common';
import {
  publicationWorkerScript,
  WorkerPublicationBuilder,
} from '../publication/worker-publication-builder.js';
import { TOKENS } from './tokens.js';

/** The read use cases (API, pages, export, feed): each reads the live publication for a profile. */
const READ_USE_CASES: ReadonlyArray<
  readonly [symbol, new (live: LivePublication, profile: ServiceProfile) => object]
> = [
  [TOKENS.SearchTools, SearchTools],
  [TOKENS.GetTool, GetTool],
  [TOKENS.ExportCatalog, ExportCatalog],
  [TOKENS.ListReviewChanges, ListReviewChanges],
  [TOKENS.GetReview, GetReview],
  [TOKENS.ListTools, ListTools],
  [TOKENS.CompleteArgument, CompleteArgument],
  [TOKENS.GetCatalogOverview, GetCatalogOverview],
];

/**
 * The catalog (CATALOG_FILE, or the live publication of the shared storage), its
 * live publication, the read use cases (API and pages), the export and the feed.
 */
export function bindCatalog(container: Container, config: ServerConfig, logger: Logger): void {
  if (config.storage.family === 'files') {
    // A catalog whose index snapshot exists was published by this code: its ids are not looked
    // at again (see `FileCatalogSourceOptions.publishedBefore`).
    container.bind<CatalogSource>(TOKENS.CatalogSource).toResolvedValue(
      ({ store }: IndexSnapshots) =>
        new FileCatalogSource(config.catalogFile, {
          publishedBefore: (fingerprint) => store?.holds(fingerprint) === true,
        }),
      [TOKENS.IndexSnapshots],
    );
  } else {
    container
      .bind<CatalogSource>(TOKENS.CatalogSource)
      .toResolvedValue((storage: SharedStorage) => storage.catalog, [TOKENS.SharedStorage]);
  }
  container.bind(TOKENS.LivePublication).toResolvedValue(() => new LivePublication());
  const listening = new ListeningGate();
  container.bind(TOKENS.ListeningGate).toConstantValue(listening);
  // The first publication is built before the service listens: its index is saved only once the
  // service listens, so writing it never delays readiness, and with a catalog file it is read
  // ahead on a worker thread while this one reads the catalog. Closed at shutdown, so no write
  // outlives the service.
  container
    .bind<IndexSnapshots>(TOKENS.IndexSnapshots)
    .toResolvedValue(() => {
      const store = indexSnapshotStore(config, logger, listening.opened);
      // Read ahead only when there is something to read: hashing a large file for nothing
      // would take a core from the cold start (see `firstIndexingAhead`).
      if (config.storage.family === 'files' && store?.holdsAny() === true)
        store.prefetch(config.catalogFile);
      return { store };
    })
    .onDeactivation(({ store }) => store?.close());
  container.bind(TOKENS.PublishCatalog).toResolvedValue(
    (source: CatalogSource, live: LivePublication, { store }: IndexSnapshots) => {
      const first = new SourcePublicationBuilder(source, {
        ...(store === undefined ? {} : { indexSnapshots: store }),
        indexingAhead: () => firstIndexingAhead(config, logger, store),
      });
      return new PublishCatalog(
        source,
        live,
        reloadBuilder(config, logger, source, store, () => live.current()),
        first,
      );
    },
    [TOKENS.CatalogSource, TOKENS.LivePublication, TOKENS.IndexSnapshots],
  );
  container.bind<ServiceProfile>(TOKENS.ServiceProfile).toConstantValue(serviceProfile(config));
  for (const [token, UseCase] of READ_USE_CASES) {
    container
      .bind(token)
      .toResolvedValue(
        (live: LivePublication, profile: ServiceProfile) => new UseCase(live, profile),
        [TOKENS.LivePublication, TOKENS.ServiceProfile],
      );
  }
}

/** What the read use cases state about the service, from the configuration. */
export function serviceProfile(config: ServerConfig): ServiceProfile {
  return {
    baseUrl: config.publicBaseUrl,
    historicalNotice: config.historicalNotice,
    rights: config.rights,
  };
}

/**
 * The first publication of a catalog file is indexed on a worker thread while this one reads the
 * file (`WorkerIndexingAhead`): nothing is served yet, so both cores can work on it. Not when the
 * snapshot directory holds a snapshot by this code (a restart, most likely, which loads it
 * instead: the guess is only about speed, the fingerprint decides), nor from a shared database
 * (whose tools come from another machine at its pace), nor without a built worker script.
 */
function firstIndexingAhead(
  config: ServerConfig,
  logger: Logger,
  store: FileIndexSnapshotStore | undefined,
): WorkerIndexingAhead | undefined {
  if (config.storage.family !== 'files' || store?.holdsAny() === true) return undefined;
  const script = indexingAheadWorkerScript();
  return script === undefined ? undefined : new WorkerIndexingAhead(script, logger);
}

/** The index snapshot store, when snapshots are on (`INDEX_SNAPSHOTS`). */
export interface IndexSnapshots {
  readonly store: FileIndexSnapshotStore | undefined;
}

/** Resolves `opened` once the service listens (`open()`, from `startServer`). */
export class ListeningGate {
  open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
}

/**
 * Reloads build in a worker thread, so requests are never stalled by one. Only when running from
 * TypeScript sources without a build (some tests) is there no worker script: then on this thread,
 * and it says so.
 */
function reloadBuilder(
  config: ServerConfig,
  logger: Logger,
  source: CatalogSource,
  indexSnapshots: FileIndexSnapshotStore | undefined,
  current: () => Publication | undefined,
) {
  const script = publicationWorkerScript();
  if (script !== undefined) return new WorkerPublicationBuilder(config, script, current);
  logger.warn('publication worker not built (run pnpm build): reloads run on the request thread');
  return new SourcePublicationBuilder(
    source,
    indexSnapshots === undefined ? {} : { indexSnapshots },
  );
}
