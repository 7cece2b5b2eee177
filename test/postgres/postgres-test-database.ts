import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { connectPostgres, type PostgresConnection } from '@reviews/adapters-persistence';
import { describeWhenAvailable } from '../skipped-groups/describe-when-available.js';

/**
 * The PostgreSQL the tests use: `POSTGRES_TEST_URL`, set by the user or by the Jest globalSetup (a
 * Testcontainers container when a Docker engine answers, test/services/global-setup.mjs), or the
 * machine's own (127.0.0.1:5432, user `postgres`, trust authentication). Each test gets a
 * database of its own, dropped after.
 */
export const POSTGRES_TEST_URL =
  process.env.POSTGRES_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What the tests ask of the driver's client (its types belong to adapters-persistence). */
interface AdminClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'error', listener: () => void): unknown;
}

// The driver is a dependency of adapters-persistence, not of the repository root.
const { Client } = createRequire(
  new URL('../../packages/adapters-persistence/package.json', import.meta.url),
)('pg') as {
  Client: new (config: {
    connectionString: string;
    connectionTimeoutMillis: number;
  }) => AdminClient;
};

export type SuiteDeclarer = (name: string, body: () => void) => void;

/** Runs `work` with a client on the server's maintenance database, closed afterwards. */
async function withAdmin<T>(work: (client: AdminClient) => Promise<T>): Promise<T> {
  const client = new Client({
    connectionString: POSTGRES_TEST_URL,
    connectionTimeoutMillis: 2_000,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Decides whether the PostgreSQL suites run, through the one rule of optional groups
 * (`describeWhenAvailable`): reachable, `describe`; unreachable in CI (`CI=true`, which guarantees
 * PostgreSQL), the test file fails; unreachable elsewhere, `describe.skip`, and the run's summary
 * names the group and how to enable it.
 */
export async function describeWithPostgres(): Promise<SuiteDeclarer> {
  let reason: string | null = null;
  try {
    await withAdmin((client) => client.query('SELECT 1'));
  } catch (error) {
    reason = error instanceof Error ? error.message || error.name : String(error);
  }
  return describeWhenAvailable({
    group: 'PostgreSQL',
    using: POSTGRES_TEST_URL,
    missing: reason === null ? null : `${POSTGRES_TEST_URL} is not reachable (${reason})`,
    enable:
      'start PostgreSQL on 127.0.0.1:5432 (user postgres, trust) or a Docker engine, or set POSTGRES_TEST_URL',
  });
}

/** The test server's URL with `database` as its path. */
export function postgresTestUrl(database: string): string {
  const url = new URL(POSTGRES_TEST_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface PostgresTestDatabase {
  readonly name: string;
  readonly url: string;
  readonly connection: PostgresConnection;
  /** Closes the connection and drops the database (connections still open are ended). */
  readonly drop: () => Promise<void>;
}

/** A database name no other suite or run uses (lower case: PostgreSQL folds unquoted names). */
export const uniquePostgresDatabaseName = (prefix: string): string =>
  `reviews_test_${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`.toLowerCase();

/** Creates an empty database of its own, without connecting to it. */
export async function createPostgresTestDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = uniquePostgresDatabaseName(prefix);
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: postgresTestUrl(name),
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/** Creates a database of its own and connects to it (its schema migrated). */
export async function openPostgresTestDatabase(prefix: string): Promise<PostgresTestDatabase> {
  const created = await createPostgresTestDatabase(prefix);
  const connection = await connectPostgres(created.url);
  return {
    ...created,
    connection,
    drop: async () => {
      await connection.close().catch(() => undefined);
      await created.drop();
    },
  };
}
