import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { runCatalogCli, useBuiltCliAndWorkDirectory } from './support/catalog-cli-process.js';

const work = useBuiltCliAndWorkDirectory();

describe('catalog generate', () => {
  it('writes the same valid catalog to standard output for the same arguments', async () => {
    const first = await runCatalogCli(['generate', '--tools', '25', '--seed', '7']);
    const second = await runCatalogCli(['generate', '--tools=25', '--seed=7']);
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const catalog = JSON.parse(first.stdout) as { schemaVersion: number; tools: unknown[] };
    expect(catalog.schemaVersion).toBe(1);
    expect(catalog.tools).toHaveLength(25);
    expect(first.stderr).toContain('generated 25 tools');
  });

  it('writes --out FILE with the same bytes, and the file validates', async () => {
    const file = work.file('generated.json');
    const toFile = await runCatalogCli(['generate', '--tools', '25', '--seed', '7', '--out', file]);
    const toStdout = await runCatalogCli(['generate', '--tools', '25', '--seed', '7']);
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(await readFile(file, 'utf8')).toBe(toStdout.stdout);
    const validated = await runCatalogCli(['validate', file]);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain('valid, 25 tools');
  });

  it('gives a different catalog for another seed', async () => {
    const one = await runCatalogCli(['generate', '--tools', '3', '--seed', '1']);
    const two = await runCatalogCli(['generate', '--tools', '3', '--seed', '2']);
    expect(one.stdout).not.toBe(two.stdout);
  });
});
