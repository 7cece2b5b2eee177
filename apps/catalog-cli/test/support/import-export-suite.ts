import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { aCatalog, aTool } from '@reviews/domain/testing';
import { aWorkDirectory, ensureCliBuilt, runCatalogCli } from './catalog-cli-process.js';
import type { WorkDirectory } from './catalog-cli-process.js';

/** A fresh database for the CLI: the setting that names it (`MONGODB_URL`, `DATABASE_URL`). */
interface CatalogDatabaseUnderTest {
  readonly env: Record<string, string>;
  readonly drop: () => Promise<void>;
}

/** A setting naming the database on a port nothing listens on, and what the CLI then says. */
interface UnreachableDatabase {
  readonly env: Record<string, string>;
  /** What standard error names (the host, never the password). */
  readonly says: string;
  /** A password in `env` that standard error must not show. */
  readonly password?: string;
}

/**
 * `catalog export` and `catalog import` against one database (`database` names it as the CLI's
 * messages do: `MongoDB`, `PostgreSQL`), through the built CLI as a real process, in order on one
 * fresh database: nothing published, a round trip, an invalid file refused, a generated catalog;
 * then an unreachable database.
 * `declarer` is `describe`, or `describe.skip` when the database is missing outside CI (its
 * helper has said so loudly).
 */
export function describeImportExport(
  title: string,
  declarer: (name: string, body: () => void) => void,
  database: string,
  open: () => Promise<CatalogDatabaseUnderTest>,
  unreachable: UnreachableDatabase,
  /**
   * Tests of this database only, declared before the shared ones, on the database still empty;
   * `env` gives the CLI's environment once the suite has opened the database.
   */
  first?: (env: () => Record<string, string>) => void,
): void {
  declarer(title, () => {
    let work: WorkDirectory;
    let env: Record<string, string>;
    let opened: CatalogDatabaseUnderTest | undefined;

    beforeAll(async () => {
      ensureCliBuilt();
      work = await aWorkDirectory();
      opened = await open();
      env = { PUBLIC_BASE_URL: 'https://reviews.example.org', ...opened.env };
    }, 120_000);
    afterAll(async () => {
      await work?.remove();
      await opened?.drop();
    });

    first?.(() => env);

    it('exits 1 on export while nothing is published yet', async () => {
      const run = await runCatalogCli(['export'], { env });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`No catalog has been published to ${database} yet`);
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
      expect(imported.stdout).toMatch(
        new RegExp(`published .* to ${database} as publication [0-9a-f]{16}`),
      );

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

    const { password } = unreachable;
    it(`exits 1 naming the host${password === undefined ? '' : ', never the password,'} when ${database} cannot be reached`, async () => {
      const file = await work.write('small.json', aCatalog(aTool()));
      const run = await runCatalogCli(['import', file], { env: unreachable.env });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(unreachable.says);
      if (password !== undefined) expect(run.stderr).not.toContain(password);
    });
  });
}
