import { MongoSubscriptionStore } from '@reviews/adapters-persistence';
import {
  describeWithMongo,
  MONGODB_TEST_SERVER,
  openTestDatabase,
} from '../../../test/mongodb/mongodb-test-database.js';
import { describeSubscriptionsCli } from './support/subscriptions-cli-suite.js';

const describeMongo = describeWithMongo();

describeMongo(`with ${MONGODB_TEST_SERVER}`, () => {
  describeSubscriptionsCli('MongoDB (MONGODB_URL)', async () => {
    const database = await openTestDatabase('subscriptions_cli');
    return {
      env: { MONGODB_URL: database.url },
      open: async () => {
        const store = await MongoSubscriptionStore.open(database.connection.db, {
          sweepIntervalMs: 0,
        });
        return { store, close: () => store.close() };
      },
      remove: () => database.drop(),
    };
  });
});
