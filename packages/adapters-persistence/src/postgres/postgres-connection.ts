import type { Client, ClientConfig, Pool, PoolClient } from 'pg';
import { migrate, type MigrationReport } from './postgres-migrations.js';

interface PostgresConnectionOptions {
  /** How long a connection attempt, and a query, may take before it fails (default 5000 ms). */
  readonly timeoutMs?: number;
  /** Shown in `pg_stat_activity` (default `reviews`). */
  readonly appName?: string;
}

/**
 * A pool of connections to `DATABASE_URL`, its schema migrated, shared by the catalog and the
 * subscriptions; `close()` ends every connection.
 */
export interface PostgresConnection {
  readonly pool: Pool;
  /** What bringing the schema up to date did when this connection was opened. */
  readonly migrated: MigrationReport;
  /** A connection of its own, outside the pool (for `LISTEN`, which holds its session). */
  newClient(): Client;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (client: PoolClient) => Promise<T>, begin?: string): Promise<T>;
  /** Resolves when the server answers a query; rejects otherwise (for `/readyz`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects to `url` with timeouts that suit a web service (an unreachable server fails a query
 * after `timeoutMs`, so a signup during an outage is answered 503 quickly) and brings the schema
 * up to date (`migrate`: tables are created on first use). Rejects with an Error naming the host
 * and database (never the password) when the server cannot be reached. The driver is loaded
 * here, on first use, so that a service without PostgreSQL never loads it.
 */
export async function connectPostgres(
  url: string,
  options: PostgresConnectionOptions = {},
): Promise<PostgresConnection> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const { default: pg } = await import('pg');
  const config: ClientConfig = {
    connectionString: url,
    application_name: options.appName ?? 'reviews',
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs * 3,
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...config, max: 10, idleTimeoutMillis: 30_000 });
  // A pooled connection that breaks while idle (the server restarted) is reported here and
  // dropped by the pool; the next query opens a fresh one. Without a listener it would crash.
  pool.on('error', () => undefined);
  let migrated: MigrationReport;
  try {
    const client = await pool.connect();
    try {
      migrated = await migrate(client);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot use PostgreSQL at ${describeServer(url)}: ${reason}`, { cause: error });
  }
  return {
    pool,
    migrated,
    newClient: () => new pg.Client(config),
    transaction: async (work, begin = 'BEGIN') => {
      const client = await pool.connect();
      let broken: Error | undefined;
      // A connection that breaks between two statements says so here (the pool listens only
      // while it holds the connection); the next statement then fails and rolls back.
      const onError = (error: Error) => (broken = error);
      client.on('error', onError);
      try {
        await client.query(begin);
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: unknown) => {
          broken = rollback instanceof Error ? rollback : new Error(String(rollback));
        });
        throw error;
      } finally {
        client.off('error', onError);
        // A connection that broke, or whose rollback failed, is not returned to the pool.
        client.release(broken);
      }
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

/** `host:port/database` of a connection URL, without credentials, for error messages. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured address';
  }
}
