import type {
  GetTool,
  LivePublication,
  PublicationFeed,
  PublishCatalog,
  SearchTools,
  VerificationMailDispatcher,
} from '@reviews/application';
import type { Express } from 'express';
import type { Container } from 'inversify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceLifecycle } from '../lifecycle/service-lifecycle.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';
import type { ListeningGate } from './catalog.bindings.js';
import type { ObserveRateLimiter } from './metrics.bindings.js';
import { TOKENS } from './tokens.js';
import { bindResolved, optional } from './typed-binding.js';

/** What the publications of a shared storage are followed with (`followPublications`). */
export interface PublicationSource {
  /** The storage, as people call it (`MongoDB`, `PostgreSQL`), for log lines. */
  readonly storageName: string;
  readonly feed: PublicationFeed;
  readonly live: LivePublication;
}

/**
 * Everything `startServer` runs, resolved in one step: the only object apps/server asks the
 * container for. Resolving it connects what is configured (MongoDB, Redis, the subscription
 * store) and builds the Express app; nothing starts working until `startServer` says so.
 */
export interface ServiceApp {
  readonly publishCatalog: PublishCatalog;
  readonly live: LivePublication;
  readonly searchTools: SearchTools;
  readonly getTool: GetTool;
  /** Not sweeping yet: `startServer` starts it once the catalog is published. */
  readonly mailDispatcher: VerificationMailDispatcher;
  readonly lifecycle: ServiceLifecycle;
  readonly httpApp: Express;
  readonly cachedReadPath: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Undefined with `METRICS_ENABLED=false`. */
  readonly metrics: ServiceMetrics | undefined;
  readonly observeRateLimiter: ObserveRateLimiter;
  readonly listening: ListeningGate;
  /** Resolves once the index snapshot saves under way have finished (none without snapshots). */
  readonly snapshotsSaved: () => Promise<void>;
  /** With a shared storage (MONGODB_URL, DATABASE_URL): where new publications come from. */
  readonly publications: PublicationSource | undefined;
}

export function bindApp(container: Container): void {
  bindResolved(
    container,
    TOKENS.App,
    {
      publishCatalog: TOKENS.PublishCatalog,
      live: TOKENS.LivePublication,
      searchTools: TOKENS.SearchTools,
      getTool: TOKENS.GetTool,
      mailDispatcher: TOKENS.MailDispatcher,
      lifecycle: TOKENS.ServiceLifecycle,
      httpApp: TOKENS.HttpApp,
      cachedReadPath: TOKENS.CachedReadPath,
      metrics: optional(TOKENS.Metrics),
      observeRateLimiter: TOKENS.ObserveRateLimiter,
      listening: TOKENS.ListeningGate,
      indexSnapshots: TOKENS.IndexSnapshots,
      storage: optional(TOKENS.SharedStorage),
    },
    ({ indexSnapshots: { store }, storage, ...app }): ServiceApp => ({
      ...app,
      snapshotsSaved: async () => store?.idle(),
      publications:
        storage === undefined
          ? undefined
          : { storageName: storage.name, feed: storage.feed, live: app.live },
    }),
  );
}
