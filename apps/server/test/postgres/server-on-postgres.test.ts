import { PostgresCatalogSource } from '@reviews/adapters-persistence';
import {
  POSTGRES_TEST_URL,
  describeWithPostgres,
  openPostgresTestDatabase,
} from '../../../../test/postgres/postgres-test-database.js';
import { describeServerOnDatabase } from '../support/server-on-database-suite.js';

/** Where the test PostgreSQL listens. */
function postgresServer(): { host: string; port: number } {
  const url = new URL(POSTGRES_TEST_URL);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

/** `url` with its host replaced by the proxy's. */
function proxiedUrl(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${port}`;
  return proxied.toString();
}

describeServerOnDatabase(
  `the server with DATABASE_URL (on ${POSTGRES_TEST_URL})`,
  await describeWithPostgres(),
  {
    name: 'PostgreSQL',
    readinessCheck: 'postgres',
    open: async () => {
      const database = await openPostgresTestDatabase('server');
      return {
        env: { DATABASE_URL: database.url },
        address: postgresServer(),
        throughProxy: (port) => ({ DATABASE_URL: proxiedUrl(database.url, port) }),
        publish: async (catalog) => {
          await new PostgresCatalogSource(database.connection).publish(catalog);
        },
        drop: () => database.drop(),
      };
    },
  },
);
