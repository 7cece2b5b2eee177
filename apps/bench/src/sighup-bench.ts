import { appendFile, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { generatedCatalog } from './generated-catalog.js';
import { summarise } from './percentiles.js';
import { inTurn, serverBuilds, startBenchServer, UNLIMITED } from './server-process.js';

interface SighupBenchOptions {
  readonly tools: number;
  readonly seed: number;
  readonly catalog: string | undefined;
  readonly rounds: number;
  /** Another checkout (built), whose server is measured alternately with this one's. */
  readonly compare: string | undefined;
  /**
   * The changed file goes in with the build's `catalog import` (which writes its index snapshot
   * into the server's DATA_DIR) before the signal, as docs/cli.md tells operators to do.
   */
  readonly imported: boolean;
}

const execFileAsync = promisify(execFile);

/** How long a reload (or a cold start's index snapshot) may take before the round gives up. */
const WAIT_MS = 600_000;
/** One cached search every this many ms, on one kept-alive connection, during the reload. */
const PING_EVERY_MS = 2;

/**
 * `pnpm bench sighup`: a reload of the running server after its catalog file changed. Each round
 * starts the built server (and `--compare DIR`'s, in turn, the order turning every round) on a
 * copy of the catalog, waits until its index snapshot is written, appends one space to the copy
 * (new bytes, so a new publication, with every tool unchanged: the reload most deployments see is
 * one where few tools changed) and sends SIGHUP. It reports the time to the `catalog published`
 * line, the CPU used meanwhile (all threads), the peak RSS during the reload alone (VmHWM, reset
 * through `/proc/PID/clear_refs` just before the signal), the RSS once published, and the
 * latency of a cached search sent every 2 ms throughout (p50, p99, max, and how many took over
 * 50 ms): a reload must not stall requests. With `--imported`, the changed copy is installed by
 * the same build's `catalog import`, which indexes it ahead into the server's DATA_DIR, so that
 * the reload loads that index instead of indexing.
 */
export async function sighupBench(options: SighupBenchOptions): Promise<void> {
  const source = options.catalog ?? (await generatedCatalog(options.tools, options.seed)).file;
  const builds = serverBuilds(options.compare);
  console.log(`catalog ${source}`);
  console.log(
    'round  build                     published in   CPU      RSS before  peak RSS    RSS after   pings p50 / p99 / max     > 50 ms',
  );
  for (let round = 1; round <= options.rounds; round++) {
    for (const [name, main] of inTurn(builds, round)) {
      const dir = await mkdtemp(join(tmpdir(), 'bench-sighup-'));
      try {
        await measureReload(round, name, main, source, dir, options.imported);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
}

async function measureReload(
  round: number,
  name: string,
  main: string,
  source: string,
  dir: string,
  imported: boolean,
): Promise<void> {
  const file = join(dir, 'catalog.json');
  const dataDir = join(dir, 'data');
  await copyFile(source, file);
  const server = await startBenchServer(
    { CATALOG_FILE: file, RATE_LIMIT_API: UNLIMITED, RATE_LIMIT_SEARCH: UNLIMITED },
    main,
    undefined,
    dataDir,
  );
  try {
    const written = await server.waitForLog(
      [
        'index snapshot written',
        'cannot write the index snapshot; the next start will index afresh',
      ],
      WAIT_MS,
    );
    if (written === undefined) throw new Error('no index snapshot written after the start');
    const published = server.loggedTimes('catalog published');
    const pings = new Pinger(`${server.url}/api/v1/tools?q=postgres`);
    await pings.run(2_000);
    const before = pings.latencies.length;
    if (imported) {
      const changed = join(dir, 'changed.json');
      await copyFile(source, changed);
      await appendFile(changed, ' ');
      const cli = resolve(dirname(main), '../../catalog-cli/dist/main.js');
      await execFileAsync(process.execPath, [cli, 'import', changed], {
        env: { ...process.env, CATALOG_FILE: file, DATA_DIR: dataDir },
      });
    } else await appendFile(file, ' ');
    const loadedBefore = server.loggedTimes('index snapshot loaded');
    const rssBefore = rssBytes(server.pid);
    await writeFile(`/proc/${server.pid}/clear_refs`, '5');
    const cpuBefore = server.cpuMs();
    const started = performance.now();
    process.kill(server.pid, 'SIGHUP');
    const sampling = pings.run(WAIT_MS);
    const done = await server.waitForLog(['catalog published'], WAIT_MS, published);
    const ms = performance.now() - started;
    pings.stop();
    await sampling;
    if (done === undefined) throw new Error('the reload did not publish in time');
    const cpuMs = server.cpuMs() - cpuBefore;
    const peak = server.peakRssBytes();
    const during = pings.latencies.slice(before);
    const { p50, p99, max } = summarise(during);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const index = server.loggedTimes('index snapshot loaded') > loadedBefore ? 'loaded' : 'built';
    console.log(
      `${String(round).padStart(5)}  ${name.padEnd(24)} ${s(ms)}   ${s(cpuMs)}  ${mib(rssBefore)} MiB   ${mib(peak)} MiB   ${mib(rssBytes(server.pid))} MiB` +
        `    ${f(p50)} / ${f(p99)} / ${f(max)} ms` +
        `  ${String(during.filter((latency) => latency > 50).length).padStart(5)}` +
        `   (index ${index}, ${during.length} pings, load ${load}, ${new Date().toISOString().slice(11, 19)} UTC)`,
    );
  } finally {
    await server.stop();
  }
}

/** Sends one request at a time on a kept-alive connection, `PING_EVERY_MS` apart. */
class Pinger {
  readonly latencies: number[] = [];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private stopped = false;

  constructor(private readonly url: string) {}

  /** Pings until `stop()` or `ms` have passed. */
  async run(ms: number): Promise<void> {
    this.stopped = false;
    const until = performance.now() + ms;
    while (!this.stopped && performance.now() < until) {
      const started = performance.now();
      await this.ping();
      this.latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private ping(): Promise<void> {
    return new Promise((resolve, reject) => {
      const sent = request(this.url, { agent: this.agent }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`search answered ${response.statusCode}`)),
        );
      });
      sent.on('error', reject);
      sent.end();
    });
  }
}

function rssBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? NaN) * 1024;
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1).padStart(5)} s`;
const f = (ms: number): string => ms.toFixed(1).padStart(5);
/** MiB, so that a peak near the 2 GiB target (2,048 MiB) reads unambiguously. */
const mib = (bytes: number): string =>
  Math.round(bytes / 2 ** 20)
    .toLocaleString('en')
    .padStart(5);
