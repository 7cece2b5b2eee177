import { describe, expect, it } from '@jest/globals';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { runCatalogCli, useBuiltCliAndWorkDirectory } from './support/catalog-cli-process.js';

const work = useBuiltCliAndWorkDirectory();

const kept = aReview().withId('kept').reviewedOn('2026-01-10').build();
const revised = aReview().withId('revised').reviewedOn('2026-02-10').build();
const dropped = aReview().withId('dropped').reviewedOn('2026-03-10').build();
const silent = aReview().withId('silent').reviewedOn('2026-04-10').build();

const stays = aTool().withId('stays').named('Staying Tool').build();

const previous = aCatalog(
  { ...stays, reviews: [kept, revised, dropped, silent] },
  aTool().withId('goes').named('Gone Tool').withReviews(aReview().withId('goes-r1')),
);
const next = aCatalog(
  {
    ...stays,
    description: 'A new description.',
    reviews: [
      kept,
      { ...revised, revisionId: 'revised-r2', likes: 'Better now.' },
      { ...silent, likes: 'Edited without a new revision.' },
      aReview().withId('fresh').reviewedOn('2026-05-01').build(),
    ],
  },
  aTool().withId('arrives').named('New Tool').withReviews(aReview().withId('arrives-r1')),
);

describe('catalog diff', () => {
  it('lists tools added, removed and changed, and reviews new, revised and removed', async () => {
    const oldFile = await work.write('old.json', previous);
    const newFile = await work.write('new.json', next);
    const run = await runCatalogCli(['diff', oldFile, newFile]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('tools: 1 added, 1 removed, 1 changed');
    expect(run.stdout).toContain(
      'reviews: 2 new, 1 revised, 2 removed, 1 changed without a new revisionId',
    );
    const lines = run.stdout.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        '+ tool arrives "New Tool" with 1 review',
        '- tool goes "Gone Tool" with 1 review',
        '~ tool stays: description changed',
        '+ review stays/fresh (reviewed 2026-05-01)',
        '+ review arrives/arrives-r1 (reviewed 2026-01-15)',
        `~ review stays/revised (reviewed 2026-02-10): revision ${revised.revisionId} → revised-r2`,
        '- review stays/dropped (reviewed 2026-03-10)',
        '- review goes/goes-r1 (reviewed 2026-01-15)',
        '! review stays/silent (reviewed 2026-04-10): content changed but revisionId did not',
      ]),
    );
    expect(lines.some((line) => line.includes('stays/kept'))).toBe(false);
  });

  it('says so when nothing would change', async () => {
    const file = await work.write('same.json', previous);
    const run = await runCatalogCli(['diff', file, file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No changes to tools or reviews.');
  });

  it('exits 1 with the JSON paths of every invalid file', async () => {
    const good = await work.write('good.json', previous);
    const bad = await work.write('bad.json', { ...previous, publishedAt: 'yesterday' });
    const run = await runCatalogCli(['diff', bad, good]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/bad\.json: the catalog is invalid \(1 problem\)/);
    expect(run.stderr).toMatch(/^\$\.publishedAt: /m);
  });
});
