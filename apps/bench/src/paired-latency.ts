import { LivePublication, SearchTools } from '@reviews/application';
import type { Publication, PublicationSnapshot } from '@reviews/domain';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { BENCH_PROFILE } from './bench-profile.js';
import { ms, summarise } from './percentiles.js';

interface Side {
  readonly name: string;
  readonly searchTools: SearchTools;
  readonly wall: number[];
  readonly cpu: number[];
  /** When each query started (`performance.now()`), to find the GC pauses it overlapped. */
  readonly starts: number[];
}

const sideOf = (name: string, publication: Publication): Side => {
  const live = new LivePublication();
  live.replace(publication);
  return { name, searchTools: new SearchTools(live, BENCH_PROFILE), wall: [], cpu: [], starts: [] };
};

/** One query on one side: its body as JSON, its wall and CPU time recorded on the side. */
function ask(side: Side, q: string): string {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  side.starts.push(started);
  const result = side.searchTools.execute({ q });
  side.wall.push(performance.now() - started);
  const used = process.cpuUsage(cpuBefore);
  side.cpu.push((used.user + used.system) / 1000);
  if (!result.ok) throw new Error(`search ${q} failed on ${side.name}`);
  return JSON.stringify(result.value);
}

const row = (label: string, samples: readonly number[]): string => {
  const s = summarise(samples);
  return `  ${label.padEnd(20)} p50 ${ms(s.p50)}  p90 ${ms(s.p90)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  mean ${ms(s.mean)}`;
};

/**
 * `bench latency --compare DIR`: the same publication searched by this checkout's engine and by
 * the one built in checkout `DIR` (its `packages/domain/dist`, e.g. main before a change), in
 * one process, so both sides share the heap, the machine's state and its load: each query is
 * asked of both, alternating which goes first, after the same warm-up. Separate runs differ by
 * more than most changes do; this is the comparison that ranks two builds. Also counts the
 * queries whose response bodies differ, which must be none for a change meant to keep results.
 */
export async function pairedLatency(
  publication: Publication,
  compareDir: string,
  warmUp: readonly string[],
  classes: Readonly<Record<string, readonly string[]>>,
): Promise<void> {
  const entry = pathToFileURL(join(compareDir, 'packages/domain/dist/index.js')).href;
  const other = (await import(entry)) as {
    Publication: { fromSnapshot(snapshot: PublicationSnapshot): Publication };
  };
  const sides = [
    sideOf('this checkout', publication),
    sideOf(compareDir, other.Publication.fromSnapshot(publication.snapshot())),
  ];
  for (const q of warmUp) for (const side of sides) ask(side, q);
  console.log(`paired with ${compareDir} (same publication, queries alternating sides)`);
  const pauses: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({ start: entry.startTime, duration: entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  for (const [name, queries] of Object.entries(classes)) {
    for (const side of sides) {
      side.wall.length = 0;
      side.cpu.length = 0;
      side.starts.length = 0;
    }
    let differing = 0;
    queries.forEach((q, i) => {
      const [first, second] = i % 2 === 0 ? sides : [sides[1], sides[0]];
      if (ask(first as Side, q) !== ask(second as Side, q)) differing++;
    });
    console.log(`${name}: ${queries.length} queries, ${differing} with different bodies`);
    for (const side of sides) {
      console.log(row(`${side.name.slice(-18)} wall`, side.wall));
      console.log(row(`${side.name.slice(-18)} CPU`, side.cpu));
    }
    // GC entries reach observers a few event-loop turns later: let them arrive before reading.
    await sleep(100);
    for (const side of sides) slowest(side, sides, queries, pauses);
  }
  observer.disconnect();
}

/** The queries slowest on `side`, with their time on every side and any GC pause they met. */
function slowest(
  side: Side,
  sides: readonly Side[],
  queries: readonly string[],
  pauses: readonly { start: number; duration: number }[],
): void {
  const pauseDuring = (s: Side, i: number): string => {
    const start = s.starts[i] as number;
    const end = start + (s.wall[i] as number);
    const met = pauses.filter((p) => p.start < end && p.start + p.duration > start);
    return met.length === 0 ? '' : ` (GC ${ms(met.reduce((t, p) => t + p.duration, 0))})`;
  };
  const order = queries
    .map((_, i) => i)
    .sort((a, b) => (side.wall[b] as number) - (side.wall[a] as number));
  console.log(`  slowest on ${side.name.slice(-18)}:`);
  for (const i of order.slice(0, 6)) {
    const times = sides.map(
      (s) => `${s.name.slice(-18)} ${ms(s.wall[i] as number)}${pauseDuring(s, i)}`,
    );
    console.log(`    ${JSON.stringify(queries[i])}: ${times.join(', ')}`);
  }
}
