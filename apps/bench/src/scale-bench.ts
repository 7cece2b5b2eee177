import { FileCatalogSource } from '@reviews/adapters-persistence';
import { LivePublication, SearchTools } from '@reviews/application';
import { parseSearchQuery, Publication } from '@reviews/domain';
import { once } from 'node:events';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { generatedCatalog } from './generated-catalog.js';
import { BENCH_PROFILE } from './bench-profile.js';
import { ms, summarise } from './percentiles.js';
import { sampleQueries } from './query-sampler.js';
import { startBenchServer } from './server-process.js';

const UNLIMITED = '1000000000';
/** Query classes by the share of tools a query matches (measured on the smallest catalog). */
const SELECTIVE_SHARE = 0.005;
const BROAD_SHARE = 0.1;
const gib = (bytes: number): string => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

const profile = BENCH_PROFILE;

interface ClassifiedQueries {
  readonly selective: readonly string[];
  readonly broad: readonly string[];
}

/**
 * Queries for every size, drawn from the smallest generated catalog (the generator's vocabulary
 * and word frequencies do not depend on the size): sampled queries that match at most 0.5 % of
 * its tools are selective; single words and 1–2 letter prefixes matching at least 10 % are broad.
 */
export async function classifiedQueries(
  file: string,
  count: number,
  seed: number,
): Promise<ClassifiedQueries> {
  const loaded = await new FileCatalogSource(file).load();
  const publication = Publication.publish(loaded.fingerprint, loaded.document);
  const share = (q: string): number => {
    const keywords = parseSearchQuery(q);
    if (!keywords.ok) return -1;
    return publication.search({ keywords: keywords.value }).total / publication.tools.length;
  };
  const sampled = [...new Set(sampleQueries(publication, count * 4, seed).map((s) => s.q))];
  const selective = sampled
    .filter((q) => share(q) > 0 && share(q) <= SELECTIVE_SHARE)
    .slice(0, count);
  const candidates = new Set<string>();
  for (const q of sampled) {
    const word = q.split(' ')[0] ?? '';
    for (const prefix of [word.slice(0, 1), word.slice(0, 2), word]) candidates.add(prefix);
  }
  const broad = [...candidates].filter((q) => share(q) >= BROAD_SHARE).slice(0, count);
  return { selective, broad };
}

/** One GET over a kept-alive connection; its latency as the client sees it, body read. */
function timedGet(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else resolve(performance.now() - started);
      });
    })
      .on('error', reject)
      .end();
  });
}

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
 * Compiles this process's own HTTP client path (request, response parsing, keep-alive) against
 * a throw-away local server, so that the first search measured is the server's first, not the
 * client's.
 */
async function warmUpClient(): Promise<void> {
  const body = JSON.stringify({ items: Array.from({ length: 20 }, (_, i) => ({ id: `t${i}` })) });
  const local = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  local.listen(0, '127.0.0.1');
  await once(local, 'listening');
  const { port } = local.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 200; i++) await timedGet(agent, `http://127.0.0.1:${port}/?q=${i}`);
  } finally {
    agent.destroy();
    local.close();
  }
}

async function waitUntilReady(url: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    if (res?.status === 200) return;
    await res?.arrayBuffer();
    await sleep(25);
  }
}

/**
 * `pnpm bench scale`: for each size, the server in its own process over a generated catalog (10
 * reviews a tool): time from spawn to `/readyz` 200 and the CPU time used until then, peak RSS,
 * the first and tenth search after ready, then selective and broad searches one at a time over
 * HTTP (loopback, keep-alive; every query asked once, so no result or response cache answers it).
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
    const started = performance.now();
    const server = await startBenchServer(
      {
        CATALOG_FILE: catalog.file,
        RATE_LIMIT_API: UNLIMITED,
        RATE_LIMIT_SEARCH: UNLIMITED,
        LOG_LEVEL: 'info',
      },
      options.server,
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await waitUntilReady(server.url);
      const readyMs = performance.now() - started;
      const rssAtReady = server.peakRssBytes();
      const cpuAtReady = server.cpuMs();
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
      console.log(`${catalog.size} tools (${catalog.size * 10} reviews)`);
      console.log(`  ready (spawn → /readyz 200)  ${ms(readyMs)}`);
      console.log(`  CPU time until ready         ${ms(cpuAtReady)} (server process, all threads)`);
      console.log(
        `  peak RSS                     ${gib(rssAtReady)} at ready, ${gib(server.peakRssBytes())} after the queries`,
      );
      console.log(
        `  first vs tenth search        ${ms(firstTen[0]!)} vs ${ms(firstTen[9]!)} over HTTP (distinct selective queries; 2nd–10th median ${ms(summarise(firstTen.slice(1)).p50)})`,
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
    }
  }
}
