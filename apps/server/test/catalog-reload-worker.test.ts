import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CatalogInvalidError } from '@reviews/application';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, SAMPLE_CATALOG_FILE } from '@reviews/service-common';
import { createLogger } from '../src/logging/logger.js';
import { publicationWorkerScript } from '../src/publication/worker-publication-builder.js';
import { startServer, type RunningServer } from '../src/server.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-reload-worker-'));
const catalogFile = path.join(work, 'catalog.json');
let server: RunningServer;

const publicationId = async (): Promise<string> => {
  const text = await (await fetch(server.metricsUrl as string)).text();
  return /publication_id="([0-9a-f]+)"/.exec(text)?.[1] ?? 'none';
};

beforeAll(async () => {
  copyFileSync(SAMPLE_CATALOG_FILE, catalogFile);
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    CATALOG_FILE: catalogFile,
    DATA_DIR: work,
    // The worker thread logs at the configured level, not through the test's silent logger.
    LOG_LEVEL: 'silent',
  });
  server = await startServer(config, createLogger('silent'));
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('reloads built in the worker thread', () => {
  it('uses the built worker script', () => {
    expect(publicationWorkerScript()?.pathname).toMatch(
      /dist\/publication\/publication-worker\.js$/,
    );
  });

  it('publish the changed catalog, searchable, under its new id', async () => {
    const before = await publicationId();
    const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as {
      tools: Array<{ name: string }>;
    };
    catalog.tools[0]!.name = 'Zanzibarium Reloaded';
    writeFileSync(catalogFile, JSON.stringify(catalog));
    await server.republish();
    expect(await publicationId()).not.toBe(before);
    const found = (await (await fetch(`${server.url}/api/v1/tools?q=zanzibarium`)).json()) as {
      items: Array<{ name: string }>;
    };
    expect(found.items.map((item) => item.name)).toEqual(['Zanzibarium Reloaded']);
  });

  it('refuse an invalid catalog with every problem, and keep serving the live publication', async () => {
    const live = await publicationId();
    writeFileSync(
      catalogFile,
      JSON.stringify({ schemaVersion: 1, publishedAt: 'yesterday', tools: [{ id: 'Bad Id' }] }),
    );
    const failure = await server.republish().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CatalogInvalidError);
    const paths = (failure as CatalogInvalidError).problems.map((p) => p.path);
    expect(paths).toContain('$.publishedAt');
    expect(paths.some((p) => p.startsWith('$.tools[0]'))).toBe(true);
    expect(await publicationId()).toBe(live);
    expect((await fetch(`${server.url}/api/v1/tools?q=zanzibarium`)).status).toBe(200);
  });

  it('report an unreadable catalog as a plain error naming the file', async () => {
    rmSync(catalogFile);
    await expect(server.republish()).rejects.toThrow(
      /Cannot read the catalog file .*catalog\.json/,
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
