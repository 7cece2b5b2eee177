import type { Notification } from 'pg';
import type {
  PublicationFeed,
  PublicationFollowing,
  PublicationListener,
} from '@reviews/application';
import type { PostgresConnection } from '../postgres/postgres-connection.js';
import { PUBLICATION_CHANNEL, type PostgresCatalogSource } from './postgres-catalog-source.js';

interface PostgresPublicationFeedOptions {
  /**
   * Between two reads of the pointer, which back the notifications up (a notification lost with
   * its connection is caught by the next read), and between two attempts to listen again after
   * the listening connection broke (`CATALOG_REFRESH_INTERVAL_MS`).
   */
  readonly intervalMs: number;
}

/**
 * The `PublicationFeed` of a PostgreSQL catalog: each `follow` holds a connection of its own that
 * `LISTEN`s on the channel every publish notifies when it commits, so a new publication reaches
 * the listener within a few milliseconds of the commit; the pointer is also read every
 * `intervalMs`. Every notification and every tick asks for one read of the pointer, and reads
 * run one at a time, so ids reach the listener in the order they were made live.
 */
export class PostgresPublicationFeed implements PublicationFeed {
  constructor(
    private readonly connection: PostgresConnection,
    private readonly source: PostgresCatalogSource,
    private readonly options: PostgresPublicationFeedOptions,
  ) {}

  follow(listener: PublicationListener): PublicationFollowing {
    return new PostgresFollowing(this.connection, this.source, this.options.intervalMs, listener);
  }
}

class PostgresFollowing implements PublicationFollowing {
  private closed = false;
  private wakeListening: (() => void) | undefined;
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private readonly timer: NodeJS.Timeout;
  private readonly listening: Promise<void>;

  constructor(
    private readonly connection: PostgresConnection,
    private readonly source: PostgresCatalogSource,
    private readonly intervalMs: number,
    private readonly listener: PublicationListener,
  ) {
    this.timer = setInterval(() => this.read(), intervalMs);
    this.timer.unref();
    this.listening = this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.wakeListening?.();
    await this.listening;
    while (this.reading !== undefined) await this.reading;
  }

  /** Keeps one listening connection open; after a failure, tries again every `intervalMs`. */
  private async listen(): Promise<void> {
    while (!this.closed) {
      const client = this.connection.newClient();
      const ended = new Promise<void>((resolve) => {
        this.wakeListening = resolve;
        client.on('end', () => resolve());
        client.on('error', (error) => {
          if (!this.closed) this.listener.onError(error);
          resolve();
        });
      });
      client.on('notification', (message: Notification) => {
        if (message.channel === PUBLICATION_CHANNEL) this.read();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${PUBLICATION_CHANNEL}`);
        // Whatever was made live before this connection listened.
        this.read();
        await ended;
      } catch (error) {
        if (!this.closed) this.listener.onError(error);
      } finally {
        await client.end().catch(() => undefined);
      }
      if (!this.closed) await this.pause();
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.intervalMs);
      this.wakeListening = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Asks for a read of the pointer: at once, or right after the read in progress. */
  private read(): void {
    if (this.closed) return;
    if (this.reading !== undefined) {
      this.readAgain = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        try {
          const id = await this.source.currentPublicationId();
          if (id !== null && !this.closed) this.listener.onPublication(id);
        } catch (error) {
          if (!this.closed) this.listener.onError(error);
        }
      } while (this.readAgain && !this.closed);
    })().finally(() => (this.reading = undefined));
  }
}
