import { FileCatalogSource } from '@reviews/adapters-persistence';
import { LivePublication, SearchTools } from '@reviews/application';
import { Publication } from '@reviews/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { timedGet, waitUntilReady, warmUpClient } from './bench-http-client.js';
import { BENCH_PROFILE } from './bench-profile.js';
import {
  BROAD_SHARE,
  classifiedQueries,
  SELECTIVE_SHARE,
  type ClassifiedQueries,
} from './classified-queries.js';
import { generatedCatalog } from './generated-catalog.js';
import { ms, summarise } from './percentiles.js';
import { startBenchServer, UNLIMITED, type BenchServer } from './server-process.js';

const gib = (bytes: number): string => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

const profile = BENCH_PROFILE;

interface InProcessFigures {
  readonly firstTen: readonly number[];
  readonly selective: readonly number[];
  readonly broad: readonly number[];
  /** The same queries' CPU time (user + system of this process), free of other processes' load. */
  readonly selectiveCpu: readonly number[];
  readonly broadCpu: readonly number[];
}

/**
 * The same queries in this process through the `SearchTools` use case — exactly what a search
 * request computes (match, rank, the first page of 20 with its excerpts, presented), without
 * HTTP, validation of the query string, serialisation or compression. The first ten selective
 * queries come first and are reported as first vs tenth, as over HTTP; every query is asked
 * once, so no result cache answers. Each is timed by the wall clock and by this process's CPU
 * time (`process.cpuUsage()`, microseconds), which a loaded machine does not inflate.
 */
async function inProcessLatency(
  file: string,
  queries: ClassifiedQueries,
): Promise<InProcessFigures> {
  const loaded = await new FileCatalogSource(file).load();
  const live = new LivePublication();
  live.replace(Publication.publish(loaded.fingerprint, loaded.document));
  const searchTools = new SearchTools(live, profile);
  const time = (q: string, cpu: number[] = []): number => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = searchTools.execute({ q });
    const took = performance.now() - started;
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    if (!result.ok) throw new Error(`in-process search ${q} failed`);
    return took;
  };
  const firstTen = queries.selective.slice(0, 10).map((q) => time(q));
  const selectiveCpu: number[] = [];
  const selective = queries.selective.slice(10).map((q) => time(q, selectiveCpu));
  const broadCpu: number[] = [];
  const broad = queries.broad.map((q) => time(q, broadCpu));
  return { firstTen, selective, broad, selectiveCpu, broadCpu };
}

const line = (name: string, samples: readonly number[]): string => {
  const s = summarise(samples);
  return `${name}n=${s.count}  p50 ${ms(s.p50)}  p90 ${ms(s.p90)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;
};

/**
 * `pnpm bench scale`: for each size, the server in its own process over a generated catalog (10
 * reviews a tool): time from spawn to `/readyz` 200 and the CPU time used until then, peak RSS,
 * the first and tenth search after ready, then selective and broad searches one at a time over
 * HTTP (loopback, keep-alive; every query asked once, so no result or response cache answers it).
 * That first start has an empty DATA_DIR (cold: it indexes); once it has written its index
 * snapshot there, the server is started again on the same DATA_DIR (restart: it loads the
 * snapshot instead of indexing), and the two starts are printed side by side.
 */
export async function scaleBench(options: {
  sizes: readonly number[];
  queries: number;
  seed: number;
  /** Another build's `main.js` to start instead of this checkout's server. */
  server?: string | undefined;
}): Promise<void> {
  const smallest = Math.min(...options.sizes);
  const catalogs = [];
  for (const size of options.sizes) {
    const catalog = await generatedCatalog(size, options.seed);
    catalogs.push({ size, ...catalog });
    const made =
      catalog.generationMs === undefined ? 'cached' : `generated in ${ms(catalog.generationMs)}`;
    console.log(`catalog ${String(size).padStart(7)} tools: ${catalog.file} (${made})`);
  }
  const queries = await classifiedQueries(
    catalogs.find((c) => c.size === smallest)!.file,
    options.queries,
    options.seed,
  );
  console.log(
    `queries: ${queries.selective.length} selective (≤ ${SELECTIVE_SHARE * 100} % of tools), ${queries.broad.length} broad (≥ ${BROAD_SHARE * 100} %), classified on the ${smallest}-tool catalog`,
  );
  console.log(
    'latency: in process (SearchTools use case: match, rank, first page of 20 with excerpts) and over HTTP (GET /api/v1/tools?q=…, one request at a time, keep-alive)\n',
  );

  for (const catalog of catalogs) {
    // In process first, then released before the server starts, so the two never share memory.
    const engine = await inProcessLatency(catalog.file, queries);
    gc();
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
    const env = {
      CATALOG_FILE: catalog.file,
      RATE_LIMIT_API: UNLIMITED,
      RATE_LIMIT_SEARCH: UNLIMITED,
      LOG_LEVEL: 'info',
    };
    const start = async () => {
      const started = performance.now();
      const server = await startBenchServer(env, options.server, undefined, dataDir);
      await waitUntilReady(server.url);
      const readyMs = performance.now() - started;
      return { server, readyMs, rssAtReady: server.peakRssBytes(), cpuAtReady: server.cpuMs() };
    };
    const cold = await start().catch(async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    const { server, readyMs, rssAtReady, cpuAtReady } = cold;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let restart: Awaited<ReturnType<typeof restarted>> | undefined;
    try {
      const search = (q: string) =>
        timedGet(agent, `${server.url}/api/v1/tools?${new URLSearchParams({ q }).toString()}`);
      // Client warm and the kept-alive connection open (one more /readyz, which the readiness
      // poll asked already), so the first search times the server alone.
      await warmUpClient();
      await timedGet(agent, `${server.url}/readyz`);
      // The first ten searches after ready, before anything else touched the search path.
      const firstTen: number[] = [];
      for (const q of queries.selective.slice(0, 10)) firstTen.push(await search(q));
      const selective: number[] = [];
      for (const q of queries.selective.slice(10)) selective.push(await search(q));
      const broad: number[] = [];
      for (const q of queries.broad) broad.push(await search(q));
      const rssAfterQueries = server.peakRssBytes();
      // The snapshot is written after ready (a build from before snapshots never writes one).
      const written = await server.waitForLog(
        [
          'index snapshot written',
          'cannot write the index snapshot; the next start will index afresh',
        ],
        options.server === undefined ? 300_000 : 0,
      );
      const rssAfterWrite = server.peakRssBytes();
      await server.stop();
      restart = await restarted(start);
      console.log(`${catalog.size} tools (${catalog.size * 10} reviews)`);
      console.log(
        `  start                        cold (empty DATA_DIR)    restart (same DATA_DIR, ${restart.loaded ? 'index snapshot loaded' : 'NO snapshot loaded'})`,
      );
      const pair = (name: string, a: string, b: string) =>
        console.log(`  ${name.padEnd(29)}${a.padEnd(25)}${b}`);
      pair('ready (spawn → /readyz 200)', ms(readyMs), ms(restart.readyMs));
      pair(
        'CPU time until ready',
        ms(cpuAtReady),
        `${ms(restart.cpuAtReady)} (server process, all threads)`,
      );
      pair('peak RSS at ready', gib(rssAtReady), gib(restart.rssAtReady));
      console.log(
        `  peak RSS of the cold start   ${gib(rssAfterQueries)} after the queries, ${gib(rssAfterWrite)} after ${written === 'index snapshot written' ? 'writing the index snapshot' : `no snapshot write (${written ?? 'none logged'})`}`,
      );
      console.log(
        `  first vs tenth search        ${ms(firstTen[0]!)} vs ${ms(firstTen[9]!)} over HTTP (distinct selective queries, one sample each: see 'pnpm bench first'; 2nd–10th median ${ms(summarise(firstTen.slice(1)).p50)})`,
      );
      console.log(
        `                               ${ms(engine.firstTen[0]!)} vs ${ms(engine.firstTen[9]!)} in process, no warm-up (2nd–10th median ${ms(summarise(engine.firstTen.slice(1)).p50)})`,
      );
      console.log(line('  selective  in process  ', engine.selective));
      console.log(line('             (CPU time)  ', engine.selectiveCpu));
      console.log(line('             over HTTP   ', selective));
      console.log(line('  broad      in process  ', engine.broad));
      console.log(line('             (CPU time)  ', engine.broadCpu));
      console.log(line('             over HTTP   ', broad));
    } finally {
      agent.destroy();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

/** The second start on the cold start's DATA_DIR: its readiness figures, then stopped. */
async function restarted(
  start: () => Promise<{
    server: BenchServer;
    readyMs: number;
    rssAtReady: number;
    cpuAtReady: number;
  }>,
) {
  const { server, readyMs, rssAtReady, cpuAtReady } = await start();
  const loaded = server.logged('index snapshot loaded');
  await server.stop();
  return { readyMs, rssAtReady, cpuAtReady, loaded };
}
