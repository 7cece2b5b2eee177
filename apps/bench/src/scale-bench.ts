import { FileCatalogSource } from '@reviews/adapters-persistence';
import { parseSearchQuery, Publication } from '@reviews/domain';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { generatedCatalog } from './generated-catalog.js';
import { ms, summarise } from './percentiles.js';
import { sampleQueries } from './query-sampler.js';
import { startBenchServer } from './server-process.js';

const UNLIMITED = '1000000000';
/** Query classes by the share of tools a query matches (measured on the smallest catalog). */
const SELECTIVE_SHARE = 0.005;
const BROAD_SHARE = 0.1;
const gib = (bytes: number): string => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

interface ClassifiedQueries {
  readonly selective: readonly string[];
  readonly broad: readonly string[];
}

/**
 * Queries for every size, drawn from the smallest generated catalog (the generator's vocabulary
 * and word frequencies do not depend on the size): sampled queries that match at most 0.5 % of
 * its tools are selective; single words and 1–2 letter prefixes matching at least 10 % are broad.
 */
async function classifiedQueries(
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
  console.log('latency: over HTTP (GET /api/v1/tools?q=…, one request at a time, keep-alive)\n');

  for (const catalog of catalogs) {
    const started = performance.now();
    const server = await startBenchServer({
      CATALOG_FILE: catalog.file,
      RATE_LIMIT_API: UNLIMITED,
      RATE_LIMIT_SEARCH: UNLIMITED,
      LOG_LEVEL: 'info',
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await waitUntilReady(server.url);
      const readyMs = performance.now() - started;
      const rssAtReady = server.peakRssBytes();
      const cpuAtReady = server.cpuMs();
      const search = (q: string) =>
        timedGet(agent, `${server.url}/api/v1/tools?${new URLSearchParams({ q }).toString()}`);
      // The first ten searches after ready, before anything else touched the search path.
      const firstTen: number[] = [];
      for (const q of queries.selective.slice(0, 10)) firstTen.push(await search(q));
      const selective: number[] = [];
      for (const q of queries.selective.slice(10)) selective.push(await search(q));
      const broad: number[] = [];
      for (const q of queries.broad) broad.push(await search(q));
      const s = summarise(selective);
      const b = summarise(broad);
      console.log(`${catalog.size} tools (${catalog.size * 10} reviews)`);
      console.log(`  ready (spawn → /readyz 200)  ${ms(readyMs)}`);
      console.log(`  CPU time until ready         ${ms(cpuAtReady)} (server process, all threads)`);
      console.log(
        `  peak RSS                     ${gib(rssAtReady)} at ready, ${gib(server.peakRssBytes())} after the queries`,
      );
      console.log(
        `  first vs tenth search        ${ms(firstTen[0]!)} vs ${ms(firstTen[9]!)} (distinct selective queries; 2nd–10th median ${ms(summarise(firstTen.slice(1)).p50)})`,
      );
      console.log(
        `  selective  n=${s.count}  p50 ${ms(s.p50)}  p90 ${ms(s.p90)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`,
      );
      console.log(
        `  broad      n=${b.count}  p50 ${ms(b.p50)}  p90 ${ms(b.p90)}  p99 ${ms(b.p99)}  max ${ms(b.max)}`,
      );
    } finally {
      agent.destroy();
      await server.stop();
    }
  }
}
