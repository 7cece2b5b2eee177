import { MongoCatalogSource } from '@reviews/adapters-persistence';
import {
  MONGODB_TEST_SERVER,
  describeWithMongo,
  openTestDatabase,
} from '../../../../test/mongodb/mongodb-test-database.js';
import { describeServerOnDatabase } from '../support/server-on-database-suite.js';

// The MongoDB driver (7.9.0) could write a command on a socket the server had just closed
// (destroyed, its 'close' not yet emitted): no 'drain' and no error ever came, so the signup
// never answered and held its connection for good. patches/mongodb@7.9.0.patch fails such a
// write at once; the signup then gets its 503. The suite's outage at several instants shows it.
describeServerOnDatabase(
  `the server with MONGODB_URL (on ${MONGODB_TEST_SERVER})`,
  describeWithMongo(),
  {
    name: 'MongoDB',
    readinessCheck: 'mongodb',
    open: async () => {
      const database = await openTestDatabase('server');
      const target = new URL(database.url.replace(/^mongodb/, 'http'));
      return {
        env: { MONGODB_URL: database.url },
        address: { host: target.hostname, port: Number(target.port) },
        throughProxy: (port) => ({
          MONGODB_URL: `mongodb://127.0.0.1:${port}/${database.name}`,
        }),
        publish: async (catalog) => {
          await new MongoCatalogSource(database.connection.db).publish(catalog);
        },
        drop: () => database.drop(),
      };
    },
  },
);
