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
} from '@reviews/service-common';
import {
  publicationWorkerScript,
  WorkerPublicationBuilder,
} from '../publication/worker-publication-builder.js';
import { ListeningGate } from './service-parts.js';
import { TOKENS } from './tokens.js';
import { bindConstant, bindResolved, type Token } from './typed-binding.js';

/** The read use cases (API, pages, export, feed): each reads the live publication for a profile. */
function bindReadUseCases(container: Container): void {
  const reads = { live: TOKENS.LivePublication, profile: TOKENS.ServiceProfile };
  const read = <T>(
    bound: Token<T>,
    UseCase: new (live: LivePublication, profile: ServiceProfile) => T,
  ) => bindResolved(container, bound, reads, ({ live, profile }) => new UseCase(live, profile));
  read(TOKENS.SearchTools, SearchTools);
  read(TOKENS.GetTool, GetTool);
  read(TOKENS.ExportCatalog, ExportCatalog);
  read(TOKENS.ListReviewChanges, ListReviewChanges);
  read(TOKENS.GetReview, GetReview);
  read(TOKENS.ListTools, ListTools);
  read(TOKENS.CompleteArgument, CompleteArgument);
  read(TOKENS.GetCatalogOverview, GetCatalogOverview);
}

/**
 * The catalog (CATALOG_FILE, or the live publication of the shared storage), its
 * live publication, the read use cases (API and pages), the export and the feed.
 */
export function bindCatalog(container: Container, config: ServerConfig, logger: Logger): void {
  if (config.storage.family === 'files') {
    // A catalog whose index snapshot exists was published by this code: its ids are not looked
    // at again (see `FileCatalogSourceOptions.publishedBefore`).
    bindResolved(
      container,
      TOKENS.CatalogSource,
      { indexSnapshots: TOKENS.IndexSnapshots },
      ({ indexSnapshots: { store } }) =>
        new FileCatalogSource(config.catalogFile, {
          publishedBefore: (fingerprint) => store?.holds(fingerprint) === true,
        }),
    );
  } else {
    bindResolved(
      container,
      TOKENS.CatalogSource,
      { storage: TOKENS.SharedStorage },
      ({ storage }) => storage.catalog,
    );
  }
  bindResolved(container, TOKENS.LivePublication, {}, () => new LivePublication());
  const listening = new ListeningGate();
  bindConstant(container, TOKENS.ListeningGate, listening);
  // The first publication is built before the service listens: its index is saved only once the
  // service listens, so writing it never delays readiness, and with a catalog file it is read
  // ahead on a worker thread while this one reads the catalog. Closed at shutdown, so no write
  // outlives the service.
  bindResolved(container, TOKENS.IndexSnapshots, {}, () => {
    const store = indexSnapshotStore(config, logger, listening.opened);
    // Read ahead only when there is something to read: hashing a large file for nothing
    // would take a core from the cold start (see `firstIndexingAhead`).
    if (config.storage.family === 'files' && store?.holdsAny() === true)
      store.prefetch(config.catalogFile);
    return { store };
  }).onDeactivation(({ store }) => store?.close());
  bindResolved(
    container,
    TOKENS.PublishCatalog,
    {
      source: TOKENS.CatalogSource,
      live: TOKENS.LivePublication,
      indexSnapshots: TOKENS.IndexSnapshots,
    },
    ({ source, live, indexSnapshots: { store } }) => {
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
  );
  bindConstant(container, TOKENS.ServiceProfile, serviceProfile(config));
  bindReadUseCases(container);
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
