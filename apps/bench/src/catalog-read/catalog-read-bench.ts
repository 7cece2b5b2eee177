import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedCatalog } from '../generated-catalog.js';

const CHILD = fileURLToPath(new URL('./catalog-read-child.js', import.meta.url));
const OURS = fileURLToPath(
  new URL('../../../../packages/adapters-persistence/dist/index.js', import.meta.url),
);

interface ReadResult {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly peakRssBytes: number;
  readonly heapUsedBytes: number;
  readonly tools: number;
  readonly fingerprint: string;
  readonly toolsDigest?: string;
}

interface CatalogReadBenchOptions {
  readonly tools: number;
  readonly seed: number;
  readonly catalog: string | undefined;
  readonly rounds: number;
  /** Another checkout (built), read alternately with this one. */
  readonly compare: string | undefined;
  readonly digest: boolean;
}

/**
 * `pnpm bench catalog-read`: the read + validate + map step of a start alone
 * (`FileCatalogSource.load()`, no indexing), each read in a fresh process, rounds alternating
 * between this build and `--compare DIR`'s. Prints wall and CPU time, peak RSS and heap.
 */
export async function catalogReadBench(options: CatalogReadBenchOptions): Promise<void> {
  const file = options.catalog ?? (await generatedCatalog(options.tools, options.seed)).file;
  const builds: Array<[string, string]> = [['this build', OURS]];
  if (options.compare !== undefined) {
    const other = resolve(options.compare, 'packages/adapters-persistence/dist/index.js');
    builds.unshift([options.compare, other]);
  }
  console.log(`catalog ${file}`);
  const results = new Map<string, ReadResult[]>();
  for (let round = 1; round <= options.rounds; round++) {
    for (const [name, index] of builds) {
      const result = await readInChild(index, file, options.digest);
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      console.log(
        `round ${round}  ${name.padEnd(24)} wall ${(result.wallMs / 1000).toFixed(1)} s  ` +
          `CPU ${(result.cpuMs / 1000).toFixed(1)} s  peak RSS ${gib(result.peakRssBytes)} GiB  ` +
          `heap ${gib(result.heapUsedBytes)} GiB  ${result.tools} tools  ` +
          `fingerprint ${result.fingerprint}` +
          (result.toolsDigest === undefined ? '' : `  tools digest ${result.toolsDigest}`) +
          `  (load ${load}, ${new Date().toISOString().slice(11, 19)} UTC)`,
      );
      results.set(name, [...(results.get(name) ?? []), result]);
    }
  }
  const outputs = new Set(
    [...results.values()].flat().map((r) => `${r.fingerprint} ${r.toolsDigest ?? ''}`),
  );
  if (outputs.size > 1) {
    console.log('DIFFERENT OUTPUTS: the builds did not read the same catalog');
    process.exitCode = 1;
  }
}

const gib = (bytes: number): string => (bytes / 2 ** 30).toFixed(2);

async function readInChild(index: string, file: string, digest: boolean): Promise<ReadResult> {
  const child = spawn(process.execPath, [CHILD, index, file, ...(digest ? ['digest'] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`the catalog read exited with ${code}`);
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ReadResult;
}
