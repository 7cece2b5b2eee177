import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BATCHES,
  countInstructions,
  figureCells,
  figureHeads,
  type InstructionFigures,
} from '../varied/instruction-counts.js';
import { benchServiceEnv } from '../server-process.js';
import type { LoadTarget } from './load-run.js';

/**
 * Answers asked of each route before counting (JIT, caches and pools settle), then counted: fewer
 * for MCP, whose calls cost ten times a cached REST answer.
 */
const WARM_UP = 3000;
const MEASURED = 2000;
const MCP_WARM_UP = 1000;
const MCP_MEASURED = 1000;

/** A route of `pnpm bench http` as counted: its name, its request, and its own reference. */
interface CountedRoute {
  readonly name: string;
  readonly target: LoadTarget;
  /**
   * A reference server of this route alone (the SDK's serving of one MCP generation): its
   * script and arguments. REST routes have none: their references replay recorded bytes.
   */
  readonly reference?: { readonly main: string; readonly args: readonly string[] };
}

/**
 * `pnpm bench http --instructions`: the instructions each build executes (every thread, from
 * callgrind) per answer on each route, asked one at a time over one connection after a warm-up,
 * and for an MCP route those of the SDK reference answering the same call. After the warm-up
 * every REST answer comes from the read cache, so that counts the cached path itself. Wall time on
 * two shared cores swings by a tenth between rounds; these counts by a few per cent. Each server
 * is counted alone, one after the other: a server's timers (the log's flush every 50 ms) run by
 * the clock, so a server slowed by another beside it would count more of them an answer.
 */
export async function httpInstructions(
  builds: ReadonlyArray<readonly [string, string]>,
  catalog: string,
  workDir: string,
  routes: readonly CountedRoute[],
): Promise<void> {
  const phaseOf = ({ target }: CountedRoute) => ({
    warmUp: Array<string>(target.method === 'POST' ? MCP_WARM_UP : WARM_UP).fill(target.path),
    measured: Array<string>(target.method === 'POST' ? MCP_MEASURED : MEASURED).fill(target.path),
    headers: target.headers,
    method: target.method,
    body: target.body,
  });
  let runs = 0;
  const dataDir = async () => {
    const dir = join(workDir, `instructions-${runs++}`);
    await mkdir(dir);
    return dir;
  };
  const perBuild: InstructionFigures[][] = [];
  for (const [, main] of builds) {
    const dir = await dataDir();
    perBuild.push(
      await countInstructions(main, benchServiceEnv(catalog, dir), dir, routes.map(phaseOf)),
    );
  }
  const perReference = new Map<number, InstructionFigures>();
  for (const [at, route] of routes.entries()) {
    if (route.reference === undefined) continue;
    const dir = await dataDir();
    const [count] = await countInstructions(
      route.reference.main,
      { ...process.env },
      dir,
      [phaseOf(route)],
      route.reference.args,
    );
    perReference.set(at, count!);
  }

  const names = [...builds.map(([name]) => name), ...(perReference.size > 0 ? ['SDK'] : [])];
  console.log(
    `instructions per answer (callgrind, every thread): ${WARM_UP} answers of warm-up, then ` +
      `${MEASURED} counted (MCP: ${MCP_WARM_UP}, ${MCP_MEASURED}) in ${BATCHES} batches, the ` +
      `median of the batches' figures, one at a time over one connection; in brackets a figure ` +
      `divided by ours (above 1: ours executes fewer)\n` +
      'route'.padEnd(16) +
      names.map(figureHeads).join(''),
  );
  for (const [at, route] of routes.entries()) {
    const ours = perBuild[0]![at]!;
    const counts = [...perBuild.map((build) => build[at]), perReference.get(at)];
    const cells = counts
      .slice(0, names.length)
      .map((count, i) => figureCells(count, i === 0 ? undefined : ours));
    console.log(`${route.name.padEnd(16)}${cells.join('')}`);
  }
}
