import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { aCatalog, aTool } from '@reviews/domain/testing';
import {
  createPostgresTestDatabase,
  describeWithPostgres,
  POSTGRES_TEST_URL,
} from '../../../test/postgres/postgres-test-database.js';
import { aWorkDirectory, ensureCliBuilt, runCatalogCli } from './support/catalog-cli-process.js';

const describePostgres = await describeWithPostgres();

/** The same behaviour as import-export.mongodb.test.ts, on PostgreSQL, and `catalog migrate`. */
describePostgres(
  `catalog export, import and migrate against PostgreSQL (${POSTGRES_TEST_URL})`,
  () => {
    let work: Awaited<ReturnType<typeof aWorkDirectory>>;
    let env: Record<string, string>;
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;

    beforeAll(async () => {
      ensureCliBuilt();
      work = await aWorkDirectory();
      database = await createPostgresTestDatabase('catalog_cli');
      env = { PUBLIC_BASE_URL: 'https://reviews.example.org', DATABASE_URL: database.url };
    }, 120_000);
    afterAll(async () => {
      await work?.remove();
      await database?.drop();
    });

    it('migrates an empty database, then finds nothing left to do', async () => {
      const first = await runCatalogCli(['migrate'], { env });
      expect(first).toMatchObject({ code: 0 });
      expect(first.stdout).toBe(
        'applied 1: catalog publications, their tools and the live pointer\n' +
          'applied 2: subscriptions and their token hashes\n' +
          'PostgreSQL schema at version 2.\n',
      );
      const again = await runCatalogCli(['migrate'], { env });
      expect(again.stdout).toBe('PostgreSQL schema at version 2 (nothing to do).\n');
    });

    it('exits 1 on export while nothing is published yet', async () => {
      const run = await runCatalogCli(['export'], { env });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('No catalog has been published to PostgreSQL yet');
      expect(run.stdout).toBe('');
    });

    it('round-trips: export → import → export gives the identical document', async () => {
      const first = await runCatalogCli(['export'], {
        env: { PUBLIC_BASE_URL: env['PUBLIC_BASE_URL'] ?? '' },
      });
      expect(first.code).toBe(0);
      const exported = await work.write('first.json', first.stdout);

      const imported = await runCatalogCli(['import', exported], { env });
      expect(imported.code).toBe(0);
      expect(imported.stdout).toMatch(/published .* to PostgreSQL as publication [0-9a-f]{16}/);

      const second = await runCatalogCli(['export'], { env });
      expect(second.code).toBe(0);
      expect(second.stdout).toBe(first.stdout);
    });

    it('refuses an invalid file with exit 1 and keeps the live publication', async () => {
      const before = await runCatalogCli(['export'], { env });
      const invalid = await work.write('invalid.json', {
        ...aCatalog(aTool().withId('fine')),
        publishedAt: 'soon',
      });
      const run = await runCatalogCli(['import', invalid], { env });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^\$\.publishedAt: /m);
      const after = await runCatalogCli(['export'], { env });
      expect(after.stdout).toBe(before.stdout);
    });

    it('publishes a generated catalog with plain progress lines off a terminal', async () => {
      const generated = work.file('generated.json');
      await runCatalogCli(['generate', '--tools', '600', '--seed', '9', '--out', generated]);
      const run = await runCatalogCli(['import', generated], { env });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('600 tools');
      expect(run.stderr).not.toContain('\r');
      const exported = JSON.parse((await runCatalogCli(['export'], { env })).stdout) as {
        tools: unknown[];
      };
      expect(exported.tools).toHaveLength(600);
    }, 120_000);

    it('exits 1 naming the host, never the password, when PostgreSQL cannot be reached', async () => {
      const file = await work.write('small.json', aCatalog(aTool()));
      const run = await runCatalogCli(['import', file], {
        env: { DATABASE_URL: 'postgres://reviews:secret@127.0.0.1:1/reviews' },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Cannot use PostgreSQL at 127.0.0.1:1/reviews');
      expect(run.stderr).not.toContain('secret');
    });
  },
);
