import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectBench } from '../src/collect-bench.js';

const SAMPLE = fileURLToPath(
  new URL('../../../packages/service-common/catalog/sample-catalog.json', import.meta.url),
);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('pnpm bench collect', () => {
  afterEach(() => {
    process.exitCode = undefined;
    jest.restoreAllMocks();
  });

  it('collects the same postings with the built collector compared with itself', async () => {
    const lines: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    await collectBench({ tools: 0, seed: 1, catalog: SAMPLE, rounds: 2, compare: ROOT });
    expect(lines.filter((line) => line.startsWith('round '))).toHaveLength(4);
    expect(lines.filter((line) => / collect min .* median /.test(line))).toHaveLength(2);
    expect(lines.at(-1)).toBe('both builds gave the same postings');
    expect(process.exitCode).toBeUndefined();
  });

  it('fails when the other build gives other postings', async () => {
    // A "build" whose collector is the real one with one posting's field changed.
    const other = await mkdtemp(join(tmpdir(), 'collect-bench-'));
    try {
      const real = new URL('../../../packages/domain/dist/index.js', import.meta.url).href;
      await mkdir(join(other, 'packages/domain/dist'), { recursive: true });
      await writeFile(
        join(other, 'packages/domain/dist/index.js'),
        `export * from '${real}';
import { PostingsCollector as Real } from '${real}';
export class PostingsCollector extends Real {
  finish() { const postings = super.finish(); postings.entries[0] ^= 1; return postings; }
}`,
      );
      const lines: string[] = [];
      jest
        .spyOn(console, 'log')
        .mockImplementation((line: unknown) => void lines.push(String(line)));
      await collectBench({ tools: 0, seed: 1, catalog: SAMPLE, rounds: 1, compare: other });
      expect(lines.at(-1)).toBe('the builds gave different postings');
      expect(process.exitCode).toBe(1);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
