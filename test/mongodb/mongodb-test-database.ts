import { randomBytes } from 'node:crypto';
import { connectMongo, type MongoConnection } from '@reviews/adapters-persistence';
import {
  describeWhenAvailable,
  type SuiteDeclarer,
} from '../skipped-groups/describe-when-available.js';

/**
 * The MongoDB-protocol server global-setup.mjs found or started for this run, and what it is
 * (`mongo:8 (Testcontainers)`, `FerretDB 1.24.2 over PostgreSQL …`, `MONGODB_URL`).
 */
export const MONGODB_TEST_SERVER = process.env.MONGODB_TEST_SERVER ?? 'none';

/**
 * `describe` when a server is there; otherwise the MongoDB group is skipped (or fails in CI) by
 * the one rule for optional groups, and the run's summary names it.
 */
export function describeWithMongo(): SuiteDeclarer {
  const url = process.env.MONGODB_TEST_URL;
  return describeWhenAvailable({
    group: 'MongoDB',
    using: MONGODB_TEST_SERVER,
    missing:
      url !== undefined
        ? null
        : `no MongoDB-protocol server (${
            process.env.MONGODB_TEST_SKIP_REASON ??
            'the jest globalSetup test/mongodb/global-setup.mjs did not run for this project'
          })`,
    enable:
      'set FERRETDB_BIN=$(bash .ci/ensure-ferretdb.sh) (needs Go and PostgreSQL), or MONGODB_URL, or start a Docker engine',
  });
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
