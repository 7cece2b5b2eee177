import { describeSubscriptionStoreContract } from '@reviews/application/testing';
import { PostgresSubscriptionStore } from '../../src/subscription/postgres-subscription-store.js';
import {
  connectPostgres,
  type PostgresConnection,
} from '../../src/postgres/postgres-connection.js';
import {
  describeWithPostgres,
  openPostgresTestDatabase,
  POSTGRES_TEST_URL,
} from '../../../../test/postgres/postgres-test-database.js';

const describePostgres = await describeWithPostgres();

describePostgres(`on PostgreSQL (${POSTGRES_TEST_URL})`, () => {
  describeSubscriptionStoreContract(
    'PostgresSubscriptionStore',
    async () => {
      const database = await openPostgresTestDatabase('subscriptions_contract');
      const stores = [new PostgresSubscriptionStore(database.connection)];
      const others: PostgresConnection[] = [];
      return {
        store: stores[0]!,
        // A second pool on the same database: what another instance would see.
        reopen: async () => {
          const other = await connectPostgres(database.url);
          others.push(other);
          const store = new PostgresSubscriptionStore(other);
          stores.push(store);
          return store;
        },
        close: async () => {
          for (const store of stores) await store.close();
          for (const other of others) await other.close();
          await database.drop();
        },
      };
    },
    { durable: true },
  );
});
