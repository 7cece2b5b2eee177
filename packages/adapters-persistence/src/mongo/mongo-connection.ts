import type { Db, MongoClient } from 'mongodb';

interface MongoConnectionOptions {
  /** How long an operation waits for a reachable server before it fails (default 5000 ms). */
  readonly serverSelectionTimeoutMS?: number;
  /** Shown in the server's logs and `currentOp` (default `reviews`). */
  readonly appName?: string;
}

/** One client and the database the service uses; `close()` releases the client's sockets. */
export interface MongoConnection {
  readonly client: MongoClient;
  /** The database named in the URL's path (`mongodb://host:27017/reviews`), else `reviews`. */
  readonly db: Db;
  /** Resolves when the server answers `ping`; rejects otherwise (for `/readyz`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_DATABASE = 'reviews';

/**
 * Connects to `MONGODB_URL` with timeouts that suit a web service: an unreachable server fails an
 * operation after `serverSelectionTimeoutMS` (5 s) instead of the driver's 30 s, so a signup
 * during an outage is answered 503 quickly. Rejects with an Error naming the host (never the
 * password) when the server cannot be reached. The driver is loaded here, on first use, so that
 * a service without MongoDB never loads it (docs/performance.md, "Start-up: modules").
 */
export async function connectMongo(
  url: string,
  options: MongoConnectionOptions = {},
): Promise<MongoConnection> {
  const serverSelectionTimeoutMS = options.serverSelectionTimeoutMS ?? 5_000;
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(url, {
    appName: options.appName ?? 'reviews',
    serverSelectionTimeoutMS,
    connectTimeoutMS: serverSelectionTimeoutMS,
  });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot reach MongoDB at ${describeHosts(url)}: ${reason}`, { cause: error });
  }
  const db = client.db(databaseNameOf(url) ?? DEFAULT_DATABASE);
  return {
    client,
    db,
    ping: async () => {
      await db.command({ ping: 1 });
    },
    close: () => client.close(),
  };
}

/** The database in a connection string's path, if it names one. */
function databaseNameOf(url: string): string | undefined {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url)?.[1];
  return path === undefined || path === '' ? undefined : decodeURIComponent(path);
}

/** The hosts of a connection string, without credentials, for error messages. */
function describeHosts(url: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]*)/.exec(url);
  return match?.[1] ?? 'the configured address';
}
