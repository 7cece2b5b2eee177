import { randomBytes } from 'node:crypto';
import { describe } from '@jest/globals';
import { connectMongo, type MongoConnection } from '@reviews/adapters-persistence';

/**
 * The MongoDB-protocol server global-setup.mjs found or started for this run, and what it is
 * (`MongoDB 8 (Testcontainers, mongo:8)`, `FerretDB 1.24.0 over PostgreSQL …`, `MONGODB_URL`).
 */
export const MONGODB_TEST_SERVER = process.env.MONGODB_TEST_SERVER ?? 'none';

export type SuiteDeclarer = (name: string, body: () => void) => void;

/**
 * `describe` when a server is there. None in CI (`CI=true`): throws, so the file fails. None
 * elsewhere: prints a banner naming the reason and returns `describe.skip` (a loud skip).
 */
export function describeWithMongo(): SuiteDeclarer {
  const url = process.env.MONGODB_TEST_URL;
  if (url !== undefined) return describe;
  const reason =
    process.env.MONGODB_TEST_SKIP_REASON ??
    'the jest globalSetup test/mongodb/global-setup.mjs did not run for this project';
  if (process.env.CI === 'true') {
    throw new Error(`No MongoDB-protocol server for the tests, and CI must have one: ${reason}`);
  }
  const line = '='.repeat(78);
  console.warn(
    [
      line,
      `MONGODB TESTS SKIPPED: no MongoDB-protocol server (${reason}).`,
      'Set MONGODB_URL, start a Docker engine, or run .ci/ensure-ferretdb.sh (in CI this fails).',
      line,
    ].join('\n'),
  );
  return describe.skip;
}

/** The test server's URL with `database` as its path (query options kept). */
export function testUrl(database: string): string {
  const url = process.env.MONGODB_TEST_URL;
  if (url === undefined) throw new Error('no MongoDB test server (see describeWithMongo)');
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]*)(?:\/[^?]*)?(\?.*)?$/.exec(url);
  if (match === null) throw new Error(`MONGODB_TEST_URL is not a mongodb:// URL: ${url}`);
  return `${match[1]}/${database}${match[2] ?? ''}`;
}

/** A database name no other suite or run uses. */
export const uniqueDatabaseName = (prefix: string): string =>
  `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  readonly connection: MongoConnection;
  /** Drops the database and closes the connection. */
  readonly drop: () => Promise<void>;
}

/** Connects to a fresh database of its own on the test server. */
export async function openTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = uniqueDatabaseName(prefix);
  const url = testUrl(name);
  const connection = await connectMongo(url);
  return {
    name,
    url,
    connection,
    drop: async () => {
      await connection.db.dropDatabase().catch(() => undefined);
      await connection.close();
    },
  };
}
