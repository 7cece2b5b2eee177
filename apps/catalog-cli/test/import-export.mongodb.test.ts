import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { connectMongo } from '@reviews/adapters-persistence';
import { aCatalog, aTool } from '@reviews/domain/testing';
import {
  describeWithMongo,
  MONGODB_TEST_SERVER,
  testUrl,
  uniqueDatabaseName,
} from '../../../test/mongodb/mongodb-test-database.js';
import { aWorkDirectory, ensureCliBuilt, runCatalogCli } from './support/catalog-cli-process.js';

const describeMongo = describeWithMongo();

describeMongo(`catalog export and import against MongoDB (${MONGODB_TEST_SERVER})`, () => {
  let work: Awaited<ReturnType<typeof aWorkDirectory>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    ensureCliBuilt();
    work = await aWorkDirectory();
    env = {
      PUBLIC_BASE_URL: 'https://reviews.example.org',
      MONGODB_URL: testUrl(uniqueDatabaseName('catalog_cli')),
    };
  }, 120_000);
  afterAll(async () => {
    await work?.remove();
    if (env === undefined) return;
    const connection = await connectMongo(env['MONGODB_URL'] ?? '');
    await connection.db.dropDatabase();
    await connection.close();
  });

  it('exits 1 on export while nothing is published yet', async () => {
    const run = await runCatalogCli(['export'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No catalog has been published to MongoDB yet');
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
    expect(imported.stdout).toMatch(/published .* to MongoDB as publication [0-9a-f]{16}/);

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

  it('exits 1 naming the host when MongoDB cannot be reached', async () => {
    const file = await work.write('small.json', aCatalog(aTool()));
    const run = await runCatalogCli(['import', file], {
      env: { MONGODB_URL: 'mongodb://127.0.0.1:1/reviews?serverSelectionTimeoutMS=500' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Cannot reach MongoDB at 127.0.0.1:1');
  });
});
