import type { ChangeStream, Db } from 'mongodb';
import { COLLECTIONS } from './mongo-publication.codec.js';
import type { MongoCatalogSource } from './mongo-catalog-source.js';

interface MongoPublicationWatcherOptions {
  /** Between two reads of the pointer when polling (and the wait of a change stream's getMore). */
  readonly intervalMs: number;
  /** Receives the live publication id after every check (the caller compares with what it serves). */
  readonly onPublication: (publicationId: string) => void;
  /** Receives failures to read the pointer; watching goes on. */
  readonly onError?: (error: unknown) => void;
  /** Try a change stream on the pointer first (default true); off: poll only. */
  readonly changeStreams?: boolean;
}

type WatchMode = 'starting' | 'change-stream' | 'polling' | 'closed';

/**
 * Tells an instance which publication is live, so it can pick up a new one (docs/operations.md): through a
 * change stream on the pointer collection where the server offers one (a replica set), else by
 * reading the pointer every `intervalMs` (a standalone MongoDB, FerretDB). A change stream that
 * fails later falls back to polling too.
 */
export class MongoPublicationWatcher {
  private modeNow: WatchMode = 'starting';
  private stream: ChangeStream | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly done: Promise<void>;

  private constructor(
    private readonly db: Db,
    private readonly source: MongoCatalogSource,
    private readonly options: MongoPublicationWatcherOptions,
  ) {
    this.done = this.run();
  }

  static start(
    db: Db,
    source: MongoCatalogSource,
    options: MongoPublicationWatcherOptions,
  ): MongoPublicationWatcher {
    return new MongoPublicationWatcher(db, source, options);
  }

  get mode(): WatchMode {
    return this.modeNow;
  }

  async close(): Promise<void> {
    this.modeNow = 'closed';
    clearTimeout(this.timer);
    await this.stream?.close().catch(() => undefined);
    await this.done;
  }

  private async run(): Promise<void> {
    if (this.options.changeStreams !== false) await this.followChangeStream();
    if (this.isClosed()) return;
    this.modeNow = 'polling';
    await this.check();
    this.schedulePoll();
  }

  /** Returns when change streams are unavailable, fail, or the watcher is closed. */
  private async followChangeStream(): Promise<void> {
    try {
      this.stream = this.db
        .collection(COLLECTIONS.pointer)
        .watch([], { maxAwaitTimeMS: this.options.intervalMs });
      await this.stream.tryNext(); // opens the stream: throws where change streams are missing
      if (this.isClosed()) return;
      this.modeNow = 'change-stream';
      await this.check(); // whatever was published before the stream opened
      for await (const change of this.stream) {
        if (this.isClosed()) return;
        void change;
        await this.check();
      }
    } catch (error) {
      if (this.modeNow === 'change-stream') this.options.onError?.(error);
    } finally {
      await this.stream?.close().catch(() => undefined);
      this.stream = undefined;
    }
  }

  private schedulePoll(): void {
    if (this.isClosed()) return;
    this.timer = setTimeout(() => {
      void this.check().then(() => this.schedulePoll());
    }, this.options.intervalMs);
    this.timer.unref();
  }

  private isClosed(): boolean {
    return this.modeNow === 'closed';
  }

  private async check(): Promise<void> {
    try {
      const id = await this.source.currentPublicationId();
      if (id !== null && !this.isClosed()) this.options.onPublication(id);
    } catch (error) {
      if (!this.isClosed()) this.options.onError?.(error);
    }
  }
}
