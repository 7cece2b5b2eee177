import { describe, expect, it } from '@jest/globals';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { readdir, readFile } from 'node:fs/promises';
import { startServerProcess } from '../../server/test/support/server-process.js';
import {
  runCatalogCli,
  SAMPLE_CATALOG,
  useBuiltCliAndWorkDirectory,
} from './support/catalog-cli-process.js';

const work = useBuiltCliAndWorkDirectory();

const PROFILE = { PUBLIC_BASE_URL: 'https://reviews.example.org' };

describe('catalog export and import, embedded (CATALOG_FILE)', () => {
  it('round-trips: export → import → export gives the identical document', async () => {
    const first = await runCatalogCli(['export'], { env: PROFILE });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('"url":"https://reviews.example.org/tools/');
    const exported = await work.write('first.json', first.stdout);

    const live = work.file('live/catalog.json');
    const imported = await runCatalogCli(['import', exported], {
      env: { ...PROFILE, CATALOG_FILE: live, DATA_DIR: work.file('live/data') },
    });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`installed ${exported} as ${live}`);
    expect(imported.stdout).toContain('SIGHUP');

    const second = await runCatalogCli(['export'], { env: { ...PROFILE, CATALOG_FILE: live } });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });

  it('writes --out FILE with the bytes it would print', async () => {
    const out = work.file('out.json');
    const toFile = await runCatalogCli(['export', '--out', out], { env: PROFILE });
    const toStdout = await runCatalogCli(['export'], { env: PROFILE });
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(await readFile(out, 'utf8')).toBe(toStdout.stdout);
  });

  it('refuses an invalid file with exit 1 and leaves the installed catalog untouched', async () => {
    const live = await work.write('keep/catalog.json', await readFile(SAMPLE_CATALOG, 'utf8'));
    const before = await readFile(live);
    const invalid = await work.write(
      'invalid.json',
      aCatalog(aTool().withId('ok'), aTool().withId('Not A Slug').withReviews(aReview())),
    );
    const run = await runCatalogCli(['import', invalid], { env: { CATALOG_FILE: live } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^\$\.tools\[1\]\.id: /m);
    expect(await readFile(live)).toEqual(before);
    expect(await readdir(work.file('keep'))).toEqual(['catalog.json']);
  });

  it('installs without indexing ahead when INDEX_SNAPSHOTS=false, and says so', async () => {
    const file = await work.write('plain.json', aCatalog(aTool().withId('only')));
    const run = await runCatalogCli(['import', file], {
      env: {
        CATALOG_FILE: work.file('plain/catalog.json'),
        DATA_DIR: work.file('plain/data'),
        INDEX_SNAPSHOTS: 'false',
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('index snapshots are off (INDEX_SNAPSHOTS=false)');
    expect(await readdir(work.file('plain'))).toEqual(['catalog.json']);
  });

  it('still installs when the index cannot be saved, and says the server will index it', async () => {
    const file = await work.write('unsaved.json', aCatalog(aTool().withId('only')));
    const blocker = await work.write('unsaved/data', 'a file where DATA_DIR should be a directory');
    const run = await runCatalogCli(['import', file], {
      env: { CATALOG_FILE: work.file('unsaved/catalog.json'), DATA_DIR: blocker },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('could not save its index');
    expect(run.stderr).toMatch(/^warning: cannot write the index snapshot.*ENOTDIR/m);
    expect(await readFile(work.file('unsaved/catalog.json'), 'utf8')).toBe(
      await readFile(file, 'utf8'),
    );
  });

  it('exits 2 without MONGODB_URL or CATALOG_FILE rather than replace the bundled sample', async () => {
    const file = await work.write('any.json', aCatalog(aTool()));
    const before = await readFile(SAMPLE_CATALOG);
    const run = await runCatalogCli(['import', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Set MONGODB_URL');
    expect(await readFile(SAMPLE_CATALOG)).toEqual(before);
  });

  it('installs a catalog that a running server publishes on SIGHUP, serving what export writes', async () => {
    const live = await work.write('served/catalog.json', await readFile(SAMPLE_CATALOG, 'utf8'));
    const env = {
      ...PROFILE,
      CATALOG_FILE: live,
      PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: work.file('served/data'),
      RATE_LIMIT_PAGES: '1000',
      LOG_LEVEL: 'info',
    };
    const server = startServerProcess(env);
    try {
      const url = await server.listening;
      const generated = work.file('generated.json');
      expect(
        (await runCatalogCli(['generate', '--tools', '30', '--seed', '5', '--out', generated]))
          .code,
      ).toBe(0);
      const imported = await runCatalogCli(['import', generated], { env });
      expect(imported.code).toBe(0);
      // Indexed for the server under its DATA_DIR, on a worker while the copy was validated: the
      // reload loads that index, builds none.
      expect(imported.stdout).toMatch(
        /indexed in [\d.]+ s \(most of it on a worker while validating\)/,
      );
      expect(await readdir(work.file('served/data/index-snapshots'))).toHaveLength(2);
      server.signal('SIGHUP');

      let served = '';
      for (let attempt = 0; attempt < 400; attempt++) {
        served = await (await fetch(`${url}/reviews/index.json`)).text();
        if ((JSON.parse(served) as { tools: unknown[] }).tools.length === 30) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const exported = await runCatalogCli(['export'], { env });
      expect(exported.code).toBe(0);
      expect(served).toBe(exported.stdout);
      const reload = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"index snapshot'));
      expect(reload.at(-1)).toContain('"msg":"index snapshot loaded"');
    } finally {
      server.signal('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});
