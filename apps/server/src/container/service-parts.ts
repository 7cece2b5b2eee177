import type {
  GetTool,
  LivePublication,
  PublicationFeed,
  PublishCatalog,
  RateLimiter,
  SearchTools,
  VerificationMailDispatcher,
} from '@reviews/application';
import type { FileIndexSnapshotStore } from '@reviews/adapters-persistence';
import type { Express } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceLifecycle } from '../lifecycle/service-lifecycle.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';

/**
 * The types the composition root binds that no package defines: what `startServer` is handed
 * (`ServiceApp`) and the parts it is made of. Their own module, so the tokens and the bindings
 * both import them without importing each other.
 */

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
  /** Answers the requests served before Express (cached reads, searches, `POST /mcp`); false for the rest. */
  readonly beforeApp: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Undefined with `METRICS_ENABLED=false`. */
  readonly metrics: ServiceMetrics | undefined;
  readonly observeRateLimiter: ObserveRateLimiter;
  readonly listening: ListeningGate;
  /** Resolves once the index snapshot saves under way have finished (none without snapshots). */
  readonly snapshotsSaved: () => Promise<void>;
  /** With a shared storage (MONGODB_URL, DATABASE_URL): where new publications come from. */
  readonly publications: PublicationSource | undefined;
}

/** The index snapshot store, when snapshots are on (`INDEX_SNAPSHOTS`). */
export interface IndexSnapshots {
  readonly store: FileIndexSnapshotStore | undefined;
}

/**
 * Opened once the start's warm-up is done and the service says it listens (`open()`, from
 * `startServer`): `isOpen` turns true and `opened` resolves.
 */
export class ListeningGate {
  isOpen = false;
  private resolveOpened!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.resolveOpened = resolve));

  open(): void {
    this.isOpen = true;
    this.resolveOpened();
  }
}

/**
 * How the service wraps a rate limiter: refusals counted in the metrics when they are on. Every
 * limiter of the service's kind gets it: the service's own (`TOKENS.RateLimiter`) and the HTTP
 * warm-up's private one.
 */
export type ObserveRateLimiter = (limiter: RateLimiter) => RateLimiter;
