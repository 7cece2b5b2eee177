import {
  ExportCatalog,
  GetCatalogOverview,
  GetReview,
  GetTool,
  ListReviewChanges,
  LivePublication,
  PublishCatalog,
  SearchTools,
  SourcePublicationBuilder,
  type CatalogSource,
  type ServiceProfile,
} from '@reviews/application';
import {
  FileCatalogSource,
  MongoCatalogSource,
  type MongoConnection,
} from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '../config/server-config.js';
import type { Logger } from '../logging/logger.js';
import { indexSnapshotStore } from '../publication/index-snapshots.js';
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
  [TOKENS.GetCatalogOverview, GetCatalogOverview],
];

/**
 * The catalog (CATALOG_FILE, or the live publication in MongoDB when MONGODB_URL is set), its
 * live publication, the read use cases (API and pages), the export and the feed.
 */
export function bindCatalog(container: Container, config: ServerConfig, logger: Logger): void {
  if (config.mongodbUrl === undefined) {
    container
      .bind<CatalogSource>(TOKENS.CatalogSource)
      .toResolvedValue(() => new FileCatalogSource(config.catalogFile));
  } else {
    container
      .bind<CatalogSource>(TOKENS.CatalogSource)
      .toResolvedValue(
        (connection: MongoConnection) => new MongoCatalogSource(connection.db),
        [TOKENS.MongoConnection],
      );
  }
  container.bind(TOKENS.LivePublication).toResolvedValue(() => new LivePublication());
  const listening = new ListeningGate();
  container.bind(TOKENS.ListeningGate).toConstantValue(listening);
  container.bind(TOKENS.PublishCatalog).toResolvedValue(
    (source: CatalogSource, live: LivePublication) => {
      // The first publication is built here before the service listens: its index is saved only
      // once the service listens, so writing it never delays readiness.
      const indexSnapshots = indexSnapshotStore(config, logger, listening.opened);
      const first = new SourcePublicationBuilder(
        source,
        indexSnapshots === undefined ? {} : { indexSnapshots },
      );
      return new PublishCatalog(source, live, reloadBuilder(config, logger, source), first);
    },
    [TOKENS.CatalogSource, TOKENS.LivePublication],
  );
  container.bind<ServiceProfile>(TOKENS.ServiceProfile).toConstantValue({
    baseUrl: config.publicBaseUrl,
    historicalNotice: config.historicalNotice,
    rights: config.rights,
  });
  for (const [token, UseCase] of READ_USE_CASES) {
    container
      .bind(token)
      .toResolvedValue(
        (live: LivePublication, profile: ServiceProfile) => new UseCase(live, profile),
        [TOKENS.LivePublication, TOKENS.ServiceProfile],
      );
  }
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
function reloadBuilder(config: ServerConfig, logger: Logger, source: CatalogSource) {
  const script = publicationWorkerScript();
  if (script !== undefined) return new WorkerPublicationBuilder(config, script);
  logger.warn('publication worker not built (run pnpm build): reloads run on the request thread');
  const indexSnapshots = indexSnapshotStore(config, logger);
  return new SourcePublicationBuilder(
    source,
    indexSnapshots === undefined ? {} : { indexSnapshots },
  );
}
