import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { countInstructions } from '../varied/instruction-counts.js';
import { benchServiceEnv } from '../server-process.js';

/** Answers asked of each route before counting (JIT, caches and pools settle), then counted. */
const WARM_UP = 3000;
const MEASURED = 2000;

/** A REST route of `pnpm bench http`: its name and the GET it asks. */
export interface CountedRoute {
  readonly name: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * `pnpm bench http --instructions`: the instructions each build executes (every thread, from
 * callgrind) per answer on each REST route, asked one at a time over one connection after a
 * warm-up. After the warm-up every answer comes from the read cache, so this counts the cached
 * path itself; wall time on two shared cores swings by a tenth between rounds, the counts by
 * well under a per cent.
 */
export async function httpInstructions(
  builds: ReadonlyArray<readonly [string, string]>,
  catalog: string,
  workDir: string,
  routes: readonly CountedRoute[],
): Promise<void> {
  const phases = routes.map((route) => ({
    warmUp: Array<string>(WARM_UP).fill(route.path),
    measured: Array<string>(MEASURED).fill(route.path),
    headers: route.headers,
  }));
  // One build after the other: a server's timers (the log's flush every 50 ms) run by the clock,
  // so a server slowed down by another one beside it would count more of them an answer.
  const counts: Array<{ name: string; perRoute: Awaited<ReturnType<typeof countInstructions>> }> =
    [];
  for (const [at, [name, main]] of builds.entries()) {
    const dataDir = join(workDir, `instructions-${at}`);
    await mkdir(dataDir);
    const env = benchServiceEnv(catalog, dataDir);
    counts.push({ name, perRoute: await countInstructions(main, env, dataDir, phases) });
  }
  console.log(
    `instructions per answer (callgrind, every thread): ${WARM_UP} answers of warm-up, then ` +
      `${MEASURED} counted, one at a time over one connection\n` +
      'route'.padEnd(14) +
      counts
        .map(({ name }) => `${name.slice(-24)}: all`.padStart(30) + 'without GC'.padStart(22))
        .join(''),
  );
  for (const [at, route] of routes.entries()) {
    const ours = counts[0]!.perRoute[at]!;
    const cells = counts.map(({ perRoute }, i) => {
      const { all, garbageCollector } = perRoute[at]!;
      const rest = all - garbageCollector;
      const ratio = (value: number, base: number) =>
        i === 0 ? '' : ` (${(value / base).toFixed(3)})`;
      return (
        `${Math.round(all).toLocaleString('en')}${ratio(all, ours.all)}`.padStart(30) +
        `${Math.round(rest).toLocaleString('en')}${ratio(rest, ours.all - ours.garbageCollector)}`.padStart(
          22,
        )
      );
    });
    console.log(`${route.name.padEnd(14)}${cells.join('')}`);
  }
}
