import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedCatalog } from './generated-catalog.js';
import { median } from './percentiles.js';
import { inTurn, serverBuilds, startBenchServer } from './server-process.js';

interface StartBenchOptions {
  readonly tools: number;
  readonly seed: number;
  readonly catalog: string | undefined;
  readonly pairs: number;
  /** Another checkout (built), whose server starts alternately with this one's. */
  readonly compare: string | undefined;
  /** Also restart each server on its cold start's DATA_DIR once the index snapshot is written. */
  readonly restart: boolean;
}

interface StartFigures {
  readonly readyMs: number;
  readonly cpuMs: number;
  readonly peakRssBytes: number;
}

/** How long a cold start may take to write its index snapshot before the restart is skipped. */
const SNAPSHOT_WAIT_MS = 180_000;

/**
 * `pnpm bench start`: cold starts of the built server (spawn to its `listening` log line, which
 * it writes once warmed up and ready), in pairs with `--compare DIR`'s server, the order of the
 * two turning every pair so that neither always starts on a machine the other just warmed. Each
 * start has a fresh DATA_DIR; with `--restart`, the same server then starts again on it, on the
 * index snapshot the cold start wrote. Prints ready time, CPU until ready (all threads), their
 * ratio (0.5 means both cores were busy the whole way) and peak RSS per start, then per build
 * the minimum and median.
 */
export async function startBench(options: StartBenchOptions): Promise<void> {
  const file = options.catalog ?? (await generatedCatalog(options.tools, options.seed)).file;
  const builds = serverBuilds(options.compare);
  console.log(`catalog ${file}`);
  const figures = new Map<string, StartFigures[]>();
  const add = (name: string, figure: StartFigures): void => {
    figures.set(name, [...(figures.get(name) ?? []), figure]);
  };
  for (let pair = 1; pair <= options.pairs; pair++) {
    for (const [name, main] of inTurn(builds, pair)) {
      const dataDir = await mkdtemp(join(tmpdir(), 'bench-start-'));
      try {
        const cold = await timedStart(file, main, dataDir, true);
        add(name, cold.figures);
        report(pair, name, 'cold', cold.figures);
        if (!options.restart) {
          await cold.stop();
          continue;
        }
        const written = await cold.waitForSnapshot();
        await cold.stop();
        if (!written) {
          console.log(`pair ${pair}  ${name}: no index snapshot written, no restart`);
          continue;
        }
        const again = await timedStart(file, main, dataDir, false);
        await again.stop();
        add(`${name}, restart`, again.figures);
        report(pair, name, again.loaded ? 'restart' : 'restart, NO snapshot loaded', again.figures);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  for (const [name, all] of figures) {
    const ready = all.map((f) => f.readyMs);
    const cpu = all.map((f) => f.cpuMs);
    const ratios = all.map((f) => f.readyMs / f.cpuMs);
    console.log(
      `${name.padEnd(36)} ready min ${s(Math.min(...ready))} median ${s(median(ready))}` +
        `  CPU min ${s(Math.min(...cpu))} median ${s(median(cpu))}` +
        `  ready/CPU ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}` +
        `  peak RSS max ${gib(Math.max(...all.map((f) => f.peakRssBytes)))} GiB`,
    );
  }
}

/** Starts `main` on `dataDir` and measures it at its `listening` line; the caller stops it. */
async function timedStart(file: string, main: string, dataDir: string, cold: boolean) {
  const started = performance.now();
  const server = await startBenchServer({ CATALOG_FILE: file }, main, undefined, dataDir);
  const figures: StartFigures = {
    readyMs: performance.now() - started,
    // The process's utime + stime: unlike the live threads' schedstat, it keeps the indexing
    // worker's time after that thread has ended.
    cpuMs: server.cpuMs(),
    peakRssBytes: server.peakRssBytes(),
  };
  return {
    figures,
    loaded: !cold && server.logged('index snapshot loaded'),
    waitForSnapshot: async () =>
      (await server.waitForLog(
        [
          'index snapshot written',
          'cannot write the index snapshot; the next start will index afresh',
        ],
        SNAPSHOT_WAIT_MS,
      )) === 'index snapshot written',
    stop: () => server.stop(),
  };
}

function report(pair: number, name: string, kind: string, figures: StartFigures): void {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `pair ${pair}  ${name.padEnd(24)} ${kind.padEnd(8)} ready ${s(figures.readyMs)}` +
      `  CPU ${s(figures.cpuMs)}  ready/CPU ${(figures.readyMs / figures.cpuMs).toFixed(2)}` +
      `  peak RSS ${gib(figures.peakRssBytes)} GiB  (load ${load}, ${new Date().toISOString().slice(11, 19)} UTC)`,
  );
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1).padStart(5)} s`;
const gib = (bytes: number): string => (bytes / 2 ** 30).toFixed(2);
