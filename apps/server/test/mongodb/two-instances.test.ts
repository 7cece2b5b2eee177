import {
  MONGODB_TEST_SERVER,
  describeWithMongo,
  openTestDatabase,
} from '../../../../test/mongodb/mongodb-test-database.js';
import { describeTwoInstances } from '../support/two-instances-suite.js';

await describeTwoInstances(MONGODB_TEST_SERVER, describeWithMongo(), async () => {
  const database = await openTestDatabase('two_instances');
  return {
    env: { MONGODB_URL: database.url },
    catalogLine: 'the live publication in MongoDB (MONGODB_URL)',
    drop: () => database.drop(),
  };
});
