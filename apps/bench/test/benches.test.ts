import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCHES, benchCommand, benchUsage } from '../src/benches.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const DEVELOPMENT = fileURLToPath(new URL('../../../docs/development.md', import.meta.url));

describe('the bench registry', () => {
  it('names every bench in the usage line and gives each its own lines, in the registry order', () => {
    const names = BENCHES.map((bench) => bench.name);
    const usage = benchUsage().split('\n');
    expect(usage[0]).toBe(`usage: pnpm bench <${names.join('|')}> [options]`);
    const starts = usage.flatMap((line) => /^ {2}([a-z-]+) /.exec(line)?.[1] ?? []);
    expect(starts).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is the list of benches docs/development.md gives, no more and no fewer', () => {
    const documented = readFileSync(DEVELOPMENT, 'utf8')
      .split('\n')
      .flatMap((line) => /^npx --yes pnpm@10 bench ([a-z-]+)/.exec(line)?.[1] ?? []);
    expect([...new Set(documented)].sort()).toEqual(BENCHES.map((bench) => bench.name).sort());
  });

  it('has each bench in a file named after it, NAME-bench.ts, under src/', () => {
    const files = new Set(
      readdirSync(SRC, { recursive: true, encoding: 'utf8' }).map((file) => basename(file)),
    );
    const missing = BENCHES.map((bench) => `${bench.name}-bench.ts`).filter(
      (file) => !files.has(file),
    );
    expect(missing).toEqual([]);
  });

  it('prints the usage for --help, and a reason with it for what it cannot run, running nothing', () => {
    expect(benchCommand(['http', '--help'])).toEqual({ usage: benchUsage(), exitCode: 0 });
    expect(benchCommand(['http', '--', '--bogus'])).toEqual({
      usage: `bench: Unknown option '--bogus'\n${benchUsage()}`,
      exitCode: 2,
    });
    expect(benchCommand([])).toEqual({
      usage: `bench: which bench?\n${benchUsage()}`,
      exitCode: 2,
    });
    expect(benchCommand(['nope'])).toEqual({
      usage: `bench: no bench is named "nope"\n${benchUsage()}`,
      exitCode: 2,
    });
    expect(benchCommand(['profile'])).toEqual({
      usage: `bench: profile needs more options\n${benchUsage()}`,
      exitCode: 2,
    });
  });
});
