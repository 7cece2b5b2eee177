import { describe, expect, it } from '@jest/globals';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import {
  runCatalogCli,
  SAMPLE_CATALOG,
  useBuiltCliAndWorkDirectory,
} from './support/catalog-cli-process.js';

const work = useBuiltCliAndWorkDirectory();

describe('catalog validate', () => {
  it('accepts the bundled sample catalog and says what it holds', async () => {
    const run = await runCatalogCli(['validate', SAMPLE_CATALOG]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/: valid, \d+ tools, \d+ reviews, published 2026-/);
  });

  it('exits 1 listing every problem with its JSON path on standard error', async () => {
    const catalog = aCatalog(
      aTool().withId('fine').withReviews(aReview()),
      aTool()
        .withId('broken')
        .withReviews(aReview().reviewedOn('2026-02-30', '2026-02-28T08:00:00Z'), aReview()),
      aTool().withId('fine'),
    );
    const tools = catalog.tools.map((tool) => ({ ...tool }));
    (tools[2] as Record<string, unknown>)['website'] = 'ftp://files.example.com';
    const file = await work.write('invalid.json', { ...catalog, tools });
    const run = await runCatalogCli(['validate', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('the catalog is invalid (3 problems)');
    expect(run.stderr).toMatch(/^\$\.tools\[1\]\.reviews\[0\]\.reviewedOn: /m);
    expect(run.stderr).toMatch(/^\$\.tools\[2\]\.website: /m);
    expect(run.stderr).toMatch(/^\$\.tools\[2\]\.id: .*fine/m);
  });

  it('exits 1 on a file that is not JSON, naming line and column', async () => {
    const file = await work.write('broken.json', '{"schemaVersion": 1,\n  "tools": [,]}');
    const run = await runCatalogCli(['validate', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^\$: is not valid JSON: .*line 2/m);
  });

  it('exits 1 on a missing file', async () => {
    const run = await runCatalogCli(['validate', work.file('nowhere.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the file does not exist');
  });
});
