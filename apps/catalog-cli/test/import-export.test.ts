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
      env: { ...PROFILE, CATALOG_FILE: live },
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
      expect((await runCatalogCli(['import', generated], { env })).code).toBe(0);
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
    } finally {
      server.signal('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});
