import { FileCatalogSource } from '@reviews/adapters-persistence';
import { LivePublication, SearchTools } from '@reviews/application';
import { Publication } from '@reviews/domain';
import {
  constants,
  PerformanceObserver,
  performance,
  type PerformanceEntry,
} from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { BENCH_PROFILE } from './bench-profile.js';
import { generatedCatalog } from './generated-catalog.js';
import { pairedLatency } from './paired-latency.js';
import { ms, summarise } from './percentiles.js';
import { sampleQueries } from './query-sampler.js';
import { classifiedQueries } from './classified-queries.js';

/** What a query cost: wall and CPU time, and the heap it grew by when no collection ran. */
interface TimedQuery {
  readonly q: string;
  readonly start: number;
  readonly wall: number;
  readonly cpu: number;
  readonly heapGrowth: number;
}

interface GcPause {
  readonly start: number;
  readonly duration: number;
  readonly kind: string;
}

/** GC entry kinds by perf_hooks' `NODE_PERFORMANCE_GC_*` constants. */
const GC_KINDS: Readonly<Record<number, string>> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor (scavenge)',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major (mark-compact)',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking step',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
/** A query slower than this is "slow": the selective target. */
const SLOW_MS = 1;

const kindOf = (entry: PerformanceEntry): string =>
  GC_KINDS[(entry as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';

function timeQueries(searchTools: SearchTools, queries: readonly string[]): TimedQuery[] {
  return queries.map((q) => {
    const heapBefore = process.memoryUsage().heapUsed;
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const result = searchTools.execute({ q });
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpuBefore);
    if (!result.ok) throw new Error(`search ${q} failed`);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    return { q, start, wall, cpu: (used.user + used.system) / 1000, heapGrowth };
  });
}

const overlapping = (query: TimedQuery, pauses: readonly GcPause[]): GcPause[] =>
  pauses.filter((p) => p.start < query.start + query.wall && p.start + p.duration > query.start);

function report(name: string, timed: readonly TimedQuery[], pauses: readonly GcPause[]): void {
  const row = (label: string, samples: readonly number[]): void => {
    const s = summarise(samples);
    console.log(
      `  ${label.padEnd(30)} n=${s.count}  p50 ${ms(s.p50)}  p90 ${ms(s.p90)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`,
    );
  };
  const quiet = timed.filter((t) => overlapping(t, pauses).length === 0);
  console.log(name);
  row(
    'wall',
    timed.map((t) => t.wall),
  );
  row(
    'CPU time (all threads)',
    timed.map((t) => t.cpu),
  );
  row(
    'wall, no GC pause overlapping',
    quiet.map((t) => t.wall),
  );
  // Growth is only the allocation when no collection emptied the young generation meanwhile.
  const growth = summarise(quiet.map((t) => t.heapGrowth / 1024));
  console.log(
    `  heap growth a query (no GC)    p50 ${growth.p50.toFixed(0)} KiB  p90 ${growth.p90.toFixed(0)} KiB  max ${growth.max.toFixed(0)} KiB  mean ${growth.mean.toFixed(0)} KiB`,
  );
  const slow = timed.filter((t) => t.wall > SLOW_MS).sort((a, b) => b.wall - a.wall);
  const withPause = slow.filter((t) => overlapping(t, pauses).length > 0);
  console.log(
    `  slower than ${SLOW_MS} ms: ${slow.length}, of which ${withPause.length} overlap a GC pause; slowest:`,
  );
  for (const t of slow.slice(0, 6)) {
    const gcs = overlapping(t, pauses)
      .map((p) => `${p.kind} ${ms(p.duration)}`)
      .join(', ');
    console.log(
      `    ${ms(t.wall)} (CPU ${ms(t.cpu)})  "${t.q}"${gcs === '' ? '' : `  GC: ${gcs}`}`,
    );
  }
}

function pauseSummary(pauses: readonly GcPause[], queries: number): void {
  const byKind = new Map<string, number[]>();
  for (const p of pauses) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p.duration]);
  console.log(`GC pauses on the main thread while the ${queries} queries ran:`);
  for (const [kind, durations] of byKind) {
    const s = summarise(durations);
    console.log(
      `  ${kind.padEnd(26)} ${String(s.count).padStart(4)}  p50 ${ms(s.p50)}  max ${ms(s.max)}  total ${ms(s.mean * s.count)}`,
    );
  }
}

/**
 * `pnpm bench latency`: why searches are slow at the tail. One catalog published in this
 * process, warmed with other queries as the server's warm-up does, then the scale bench's
 * selective and broad queries each asked once through `SearchTools`, with every garbage
 * collection pause recorded (a `gc` PerformanceObserver): percentiles with and without the
 * queries a pause overlapped, the heap each query allocates, and the slowest queries with their
 * pauses. Run node with `--trace-gc` for V8's own line per collection.
 */
export async function latencyBench(options: {
  tools: number;
  classifyOn: number;
  queries: number;
  seed: number;
  /** Another checkout whose engine to compare with, query by query (see `pairedLatency`). */
  compare?: string | undefined;
}): Promise<void> {
  const classifyOn = await generatedCatalog(options.classifyOn, options.seed);
  const queries = await classifiedQueries(classifyOn.file, options.queries, options.seed);
  const { file } = await generatedCatalog(options.tools, options.seed);
  const loaded = await new FileCatalogSource(file).load();
  const live = new LivePublication();
  live.replace(Publication.publish(loaded.fingerprint, loaded.document));
  const searchTools = new SearchTools(live, BENCH_PROFILE);
  const publication = live.current() as Publication;
  const measured = new Set([...queries.selective, ...queries.broad]);
  const warmUp = sampleQueries(publication, 400, options.seed + 1000)
    .map((s) => s.q)
    .filter((q) => !measured.has(q))
    .slice(0, 200);
  if (options.compare !== undefined) {
    const { selective, broad } = queries;
    return pairedLatency(publication, options.compare, warmUp, { selective, broad });
  }
  timeQueries(searchTools, warmUp);

  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({ start: entry.startTime, duration: entry.duration, kind: kindOf(entry) });
  });
  observer.observe({ entryTypes: ['gc'] });
  const selective = timeQueries(searchTools, queries.selective);
  const broad = timeQueries(searchTools, queries.broad);
  // GC entries reach observers a few event-loop turns later: let them arrive before reading.
  await sleep(100);
  observer.disconnect();

  const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  console.log(
    `${options.tools} tools (${publication.reviewCount} reviews), queries classified on ${options.classifyOn} tools, ${warmUp.length} warm-up queries first`,
  );
  console.log(
    `young generation (new space): ${((newSpace?.space_size ?? 0) / 2 ** 20).toFixed(1)} MiB now (both semi-spaces)`,
  );
  report('selective', selective, pauses);
  report('broad', broad, pauses);
  pauseSummary(pauses, selective.length + broad.length);
}
