import { expect, it } from '@jest/globals';
import {
  createPostgresTestDatabase,
  describeWithPostgres,
  POSTGRES_TEST_URL,
} from '../../../test/postgres/postgres-test-database.js';
import { runCatalogCli } from './support/catalog-cli-process.js';
import { describeImportExport } from './support/import-export-suite.js';

describeImportExport(
  `catalog export, import and migrate against PostgreSQL (${POSTGRES_TEST_URL})`,
  await describeWithPostgres(),
  'PostgreSQL',
  async () => {
    const database = await createPostgresTestDatabase('catalog_cli');
    return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
  },
  {
    env: { DATABASE_URL: 'postgres://reviews:secret@127.0.0.1:1/reviews' },
    says: 'Cannot use PostgreSQL at 127.0.0.1:1/reviews',
    password: 'secret',
  },
  // `catalog migrate`, PostgreSQL's only, runs first, on the database still empty.
  (env) => {
    it('migrates an empty database, then finds nothing left to do', async () => {
      const first = await runCatalogCli(['migrate'], { env: env() });
      expect(first).toMatchObject({ code: 0 });
      expect(first.stdout).toBe(
        'applied 1: catalog publications, their tools and the live pointer\n' +
          'applied 2: subscriptions and their token hashes\n' +
          'PostgreSQL schema at version 2.\n',
      );
      const again = await runCatalogCli(['migrate'], { env: env() });
      expect(again.stdout).toBe('PostgreSQL schema at version 2 (nothing to do).\n');
    });
  },
);
