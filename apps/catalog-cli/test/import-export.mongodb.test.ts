import { connectMongo } from '@reviews/adapters-persistence';
import {
  describeWithMongo,
  MONGODB_TEST_SERVER,
  testUrl,
  uniqueDatabaseName,
} from '../../../test/mongodb/mongodb-test-database.js';
import { describeImportExport } from './support/import-export-suite.js';

describeImportExport(
  `catalog export and import against MongoDB (${MONGODB_TEST_SERVER})`,
  describeWithMongo(),
  'MongoDB',
  async () => {
    const url = testUrl(uniqueDatabaseName('catalog_cli'));
    return {
      env: { MONGODB_URL: url },
      drop: async () => {
        const connection = await connectMongo(url);
        await connection.db.dropDatabase();
        await connection.close();
      },
    };
  },
  {
    env: { MONGODB_URL: 'mongodb://127.0.0.1:1/reviews?serverSelectionTimeoutMS=500' },
    says: 'Cannot reach MongoDB at 127.0.0.1:1',
  },
);
