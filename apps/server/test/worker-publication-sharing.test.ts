import { afterAll, describe, expect, it } from '@jest/globals';
import { CatalogInvalidError } from '@reviews/application';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '@reviews/service-common';
import {
  publicationWorkerScript,
  WorkerPublicationBuilder,
} from '../src/publication/worker-publication-builder.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-sharing-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const catalogFile = path.join(work, 'catalog.json');
const config = loadConfig({
  CATALOG_FILE: catalogFile,
  DATA_DIR: path.join(work, 'data'),
  INDEX_SNAPSHOTS: 'false',
});
const script = publicationWorkerScript();
if (script === undefined) throw new Error('run pnpm build: the publication worker is not built');

/** One catalog (the builders number their defaults, so it is built once), then edited copies. */
const BASE = aCatalog(
  aTool().withId('alpha').withReviews(aReview().withId('a-1'), aReview().withId('a-2')),
  aTool().withId('beta').withReviews(aReview().withId('b-1')),
  aTool().withId('gamma').withReviews(aReview().withId('g-1')),
);
const catalog = (likesOfBeta: string, dislikesOfGamma = 'Configuration is verbose.') => {
  const copy = structuredClone(BASE) as unknown as {
    tools: Array<{ reviews: Array<{ likes: string; dislikes: string }> }>;
  };
  copy.tools[1]!.reviews[0]!.likes = likesOfBeta;
  copy.tools[2]!.reviews[0]!.dislikes = dislikesOfGamma;
  return copy;
};

describe('a reload built in the worker shares the unchanged tools of the live publication', () => {
  it('keeps the live tool object where nothing changed, and takes the new one where anything did', async () => {
    writeFileSync(catalogFile, JSON.stringify(catalog('Quick to learn.')));
    const live = await new WorkerPublicationBuilder(config, script).build();

    writeFileSync(catalogFile, JSON.stringify(catalog('Marvellously quick to learn.')));
    const next = await new WorkerPublicationBuilder(config, script, () => live).build();
    const fresh = await new WorkerPublicationBuilder(config, script).build();

    expect(next.findTool('alpha')).toBe(live.findTool('alpha'));
    expect(next.findTool('gamma')).toBe(live.findTool('gamma'));
    expect(next.findTool('beta')).not.toBe(live.findTool('beta'));
    expect(next.findTool('beta')?.reviews[0]?.likes).toBe('Marvellously quick to learn.');
    // Shared or not, the publication is the one a build without a live publication gives.
    expect(next.tools).toEqual(fresh.tools);
    expect(next.search({ keywords: ['marvellously'] }).total).toBe(1);
    expect(Object.isFrozen(next.findTool('beta'))).toBe(true);
  });

  it('takes the new tool when only a review text deep inside it changed', async () => {
    writeFileSync(catalogFile, JSON.stringify(catalog('Same.', 'Verbose.')));
    const live = await new WorkerPublicationBuilder(config, script).build();
    writeFileSync(catalogFile, JSON.stringify(catalog('Same.', 'Verbose!')));
    const next = await new WorkerPublicationBuilder(config, script, () => live).build();
    expect(next.findTool('beta')).toBe(live.findTool('beta'));
    expect(next.findTool('gamma')?.reviews[0]?.dislikes).toBe('Verbose!');
  });
});

describe('the main thread takes a publication in as the worker hands it over', () => {
  const scripted = pathToFileURL(
    new URL('fixtures/scripted-publication-worker.mjs', import.meta.url).pathname,
  );
  /** The fixture reads its mode from the catalog file's name: `<mode>.json`. */
  const buildScripted = (mode: string) => {
    const file = path.join(work, `${mode}.json`);
    writeFileSync(file, JSON.stringify(BASE));
    const scriptedConfig = { ...config, catalogFile: file };
    return new WorkerPublicationBuilder(scriptedConfig, scripted).build();
  };

  it('forgets the tools sent before `again`, and keeps those sent after it', async () => {
    writeFileSync(catalogFile, JSON.stringify(BASE));
    const fresh = await new WorkerPublicationBuilder(config, script).build();
    const publication = await buildScripted('again');
    expect(publication.tools).toEqual(fresh.tools);
    expect(publication.findTool('alpha-other')).toBeUndefined();
    expect(publication.search({ keywords: [] }).total).toBe(3);
  });

  it('refuses tools that come after the index', async () => {
    await expect(buildScripted('tools-after-head')).rejects.toThrow(
      'Publication worker: unexpected tools',
    );
  });

  it('rejects with the problems of a worker that fails after sending tools', async () => {
    const failure = await buildScripted('failed-midway').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CatalogInvalidError);
    expect((failure as CatalogInvalidError).problems).toEqual([
      { path: '$.tools[1].name', message: 'must not be empty or blank' },
    ]);
  });
});
