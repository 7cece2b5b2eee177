import { MongoSubscriptionStore } from '../../src/subscription/mongo-subscription-store.js';
import { connectMongo, type MongoConnection } from '../../src/mongo/mongo-connection.js';
import { describeSubscriptionStoreContract } from '@reviews/application/testing';
import {
  MONGODB_TEST_SERVER,
  describeWithMongo,
  openTestDatabase,
} from '../../../../test/mongodb/mongodb-test-database.js';

describeWithMongo()(`on ${MONGODB_TEST_SERVER}`, () => {
  describeSubscriptionStoreContract(
    'MongoSubscriptionStore',
    async () => {
      const database = await openTestDatabase('subscriptions_contract');
      const stores = [await MongoSubscriptionStore.open(database.connection.db)];
      const others: MongoConnection[] = [];
      return {
        store: stores[0]!,
        // A second client on the same database: what another instance would see.
        reopen: async () => {
          const other = await connectMongo(database.url);
          others.push(other);
          const store = await MongoSubscriptionStore.open(other.db);
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
