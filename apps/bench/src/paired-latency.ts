import { LivePublication, SearchTools } from '@reviews/application';
import type { Publication, PublicationSnapshot } from '@reviews/domain';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { BENCH_PROFILE } from './bench-profile.js';
import { ms, summarise } from './percentiles.js';

interface Side {
  readonly name: string;
  readonly searchTools: SearchTools;
  readonly wall: number[];
  readonly cpu: number[];
}

const sideOf = (name: string, publication: Publication): Side => {
  const live = new LivePublication();
  live.replace(publication);
  return { name, searchTools: new SearchTools(live, BENCH_PROFILE), wall: [], cpu: [] };
};

/** One query on one side: its body as JSON, its wall and CPU time recorded on the side. */
function ask(side: Side, q: string): string {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
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
  for (const [name, queries] of Object.entries(classes)) {
    for (const side of sides) {
      side.wall.length = 0;
      side.cpu.length = 0;
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
  }
}
