import { PostgresSubscriptionStore } from '@reviews/adapters-persistence';
import {
  describeWithPostgres,
  openPostgresTestDatabase,
  POSTGRES_TEST_URL,
} from '../../../test/postgres/postgres-test-database.js';
import { describeSubscriptionsCli } from './support/subscriptions-cli-suite.js';

const describePostgres = await describeWithPostgres();

/** The same commands as subscriptions.test.ts, against PostgreSQL (DATABASE_URL). */
describePostgres(`with PostgreSQL (${POSTGRES_TEST_URL})`, () => {
  describeSubscriptionsCli('PostgreSQL (DATABASE_URL)', async () => {
    const database = await openPostgresTestDatabase('subscriptions_cli');
    return {
      env: { DATABASE_URL: database.url },
      open: async () => {
        const store = new PostgresSubscriptionStore(database.connection, { sweepIntervalMs: 0 });
        return { store, close: () => store.close() };
      },
      remove: () => database.drop(),
    };
  });
});
