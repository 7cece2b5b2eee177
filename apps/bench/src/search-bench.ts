import { GetTool, LivePublication, SearchTools } from '@reviews/application';
import { FileCatalogSource } from '@reviews/adapters-persistence';
import { Publication } from '@reviews/domain';
import { performance } from 'node:perf_hooks';
import { BENCH_PROFILE } from './bench-profile.js';
import { ms, summarise } from './percentiles.js';
import { sampleQueries } from './query-sampler.js';

const profile = BENCH_PROFILE;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/**
 * In-process search latency through the SearchTools use case (what REST and MCP both call):
 * catalog load and index build time, resident memory, then each sampled query timed cold (first
 * time: result list built) and warm (cached result list, page built again).
 */
export async function searchBench(options: {
  catalog: string;
  queries: number;
  seed: number;
}): Promise<void> {
  gc();
  const rssBefore = process.memoryUsage().rss;
  const loadStarted = performance.now();
  const loaded = await new FileCatalogSource(options.catalog).load();
  const loadMs = performance.now() - loadStarted;
  const buildStarted = performance.now();
  const publication = Publication.publish(loaded.fingerprint, loaded.document);
  const buildMs = performance.now() - buildStarted;
  gc();
  const rssAfter = process.memoryUsage().rss;

  const live = new LivePublication();
  live.replace(publication);
  const searchTools = new SearchTools(live, profile);
  const getTool = new GetTool(live, profile);
  const queries = sampleQueries(publication, options.queries, options.seed);

  const time = (run: () => unknown): number => {
    const started = performance.now();
    run();
    return performance.now() - started;
  };
  const cold = queries.map((query) => time(() => searchTools.execute(query)));
  const warm = queries.map((query) => time(() => searchTools.execute(query)));
  const deep = queries.map((query) =>
    time(() => searchTools.execute({ ...query, cursor: '20', limit: 20 })),
  );
  const browse = Array.from({ length: 200 }, (_, i) =>
    time(() => searchTools.execute({ cursor: String(i % 50) })),
  );
  const detail = queries.map((_, i) =>
    time(() =>
      getTool.execute({ id: publication.tools[(i * 7919) % publication.tools.length]!.id }),
    ),
  );
  let hits = 0;
  for (const query of queries) {
    const result = searchTools.execute(query);
    if (result.ok && result.value.items.length > 0) hits++;
  }

  console.log(`catalog   ${options.catalog}`);
  console.log(`tools     ${publication.tools.length}   reviews ${publication.reviewCount}`);
  console.log(
    `load+validate ${ms(loadMs)}   index build ${ms(buildMs)}   ready ${ms(loadMs + buildMs)}`,
  );
  console.log(
    `rss       ${mib(rssBefore)} before, ${mib(rssAfter)} after publish (heap ${mib(process.memoryUsage().heapUsed)})`,
  );
  console.log(
    `queries   ${queries.length} sampled from the catalog (seed ${options.seed}), ${hits} with results`,
  );
  const row = (name: string, samples: number[]) => {
    const s = summarise(samples);
    console.log(
      `${name.padEnd(22)} p50 ${ms(s.p50)}   p90 ${ms(s.p90)}   p99 ${ms(s.p99)}   max ${ms(s.max)}`,
    );
  };
  row('search (cold)', cold);
  row('search (warm)', warm);
  row('search page 2 (20)', deep);
  row('browse', browse);
  row('get tool', detail);
  row('search all (cold+warm)', [...cold, ...warm]);
}
