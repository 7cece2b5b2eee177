import { expect, it } from '@jest/globals';
import { connectMongo } from '@reviews/adapters-persistence';
import { aCatalog, aTool } from '@reviews/domain/testing';
import {
  describeWithMongo,
  MONGODB_TEST_SERVER,
  testUrl,
  uniqueDatabaseName,
} from '../../../test/mongodb/mongodb-test-database.js';
import { runCatalogCli } from './support/catalog-cli-process.js';
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
    last: ({ work }) => {
      it('exits 1 naming the host when MongoDB cannot be reached', async () => {
        const file = await work().write('small.json', aCatalog(aTool()));
        const run = await runCatalogCli(['import', file], {
          env: { MONGODB_URL: 'mongodb://127.0.0.1:1/reviews?serverSelectionTimeoutMS=500' },
        });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('Cannot reach MongoDB at 127.0.0.1:1');
      });
    },
  },
);
