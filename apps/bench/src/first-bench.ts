import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { timedGet, waitUntilReady, warmUpClient } from './bench-http-client.js';
import { classifiedQueries } from './classified-queries.js';
import { generatedCatalog } from './generated-catalog.js';
import { ms } from './percentiles.js';
import { startBenchServer, UNLIMITED, type BenchServer } from './server-process.js';

const SEARCH_PATH = '/api/v1/tools';
/** Searches asked in a row after ready on each start: the first, eight fillers, the tenth. */
const ASKED = 10;
/** The generated catalog the queries are drawn from (the vocabulary does not depend on size). */
const QUERY_CATALOG_TOOLS = 1_000;
/** Where the search asked after a pause comes in a start's samples. */
const PAUSED = ASKED;

/**
 * One start's searches (the ten in a row, then the one after a pause), as the client saw them
 * and as the server logged them.
 */
interface StartSample {
  readonly first: string;
  readonly tenth: string;
  readonly client: readonly number[];
  readonly server: readonly number[];
  /** The server main thread's CPU time from just before each search to just after its answer. */
  readonly cpu: readonly number[];
  /** The CPU time of the server's other threads over the same span. */
  readonly others: readonly number[];
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The server's own `ms` of the last `count` searches, once its access log has written them. */
async function loggedSearchMs(server: BenchServer, count: number): Promise<readonly number[]> {
  for (let waited = 0; waited < 2_000; waited += 10) {
    const logged = server.requestLogMs(SEARCH_PATH);
    if (logged.length >= count) return logged.slice(-count);
    await sleep(10);
  }
  throw new Error(`the server logged fewer than ${count} searches`);
}

/**
 * `pnpm bench first`: is the first search after ready as fast as the tenth? One sample of two
 * different queries cannot say, so the queries rotate over `starts` fresh servers: start k asks
 * R[k] first, then eight fillers, then R[k+1] tenth (R: `starts` distinct selective queries),
 * then, after the same pause the first had (the client's own warm-up and a `/readyz`), R[k+2].
 * Over all starts, every query of R is asked once in each of the three places, each time on a
 * server that never saw it (every query is new to its server, so no result or response cache
 * answers): the medians compare the same queries, and each query's own first/tenth ratio is
 * reported too. The search after a pause tells what any search pays after the server sat idle
 * (cold caches), which the tenth, asked right after the ninth, does not.
 *
 * Three figures per search: the client's wall time (loopback, keep-alive, client warmed and
 * connected before the first search); the server's `ms` (its access log line, from its handler
 * to the response's `finish`, which waits for the write's completion callback, so a server busy
 * right after a write can log more than the client saw); and the CPU time of the server's main
 * thread from just before the request to just after the answer, which other processes on this
 * shared machine do not inflate (work the server does after the client has its answer is
 * counted in the next search's).
 */
export async function firstQueryBench(options: {
  sizes: readonly number[];
  starts: number;
  seed: number;
  server?: string | undefined;
  /** NODE_OPTIONS for the server, e.g. `--max-semi-space-size=64` (V8's own output is not shown). */
  nodeOptions?: string | undefined;
}): Promise<void> {
  const catalogs = [];
  for (const size of options.sizes)
    catalogs.push({ size, ...(await generatedCatalog(size, options.seed)) });
  // Classified on a small catalog, as `pnpm bench scale` does, whatever sizes are measured.
  const { selective } = await classifiedQueries(
    (await generatedCatalog(QUERY_CATALOG_TOOLS, options.seed)).file,
    // Enough samples for the selective ones wanted (each about one in ten on 1k tools).
    20 * (options.starts + ASKED),
    options.seed,
  );
  if (options.starts < 3 || selective.length < options.starts + ASKED - 2)
    throw new Error(`${options.starts} starts: at least 3, at most ${selective.length - 8}`);
  const rotated = selective.slice(0, options.starts);
  const fillers = selective.slice(options.starts, options.starts + ASKED - 2);
  console.log(
    `first vs tenth selective search after ready over HTTP, ${options.starts} starts per size, queries rotated (each asked once first, once tenth)${options.nodeOptions === undefined ? '' : `, server NODE_OPTIONS=${options.nodeOptions}`}\n`,
  );

  for (const catalog of catalogs) {
    const samples: StartSample[] = [];
    for (let k = 0; k < options.starts; k++) {
      const [first, tenth, paused] = [0, 1, 2].map((i) => rotated[(k + i) % options.starts]!);
      samples.push(await oneStart(catalog.file, [first!, ...fillers, tenth!], paused!, options));
    }
    report(catalog.size, samples, options.starts);
  }
}

async function oneStart(
  file: string,
  queries: readonly string[],
  paused: string,
  options: { server?: string | undefined; nodeOptions?: string | undefined },
): Promise<StartSample> {
  const server = await startBenchServer(
    {
      CATALOG_FILE: file,
      RATE_LIMIT_API: UNLIMITED,
      RATE_LIMIT_SEARCH: UNLIMITED,
      ...(options.nodeOptions === undefined ? {} : { NODE_OPTIONS: options.nodeOptions }),
    },
    options.server,
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const cpu: number[] = [];
    const others: number[] = [];
    const search = async (q: string) => {
      const before = server.mainThreadCpuMs();
      const allBefore = server.allThreadsCpuMs();
      const took = await timedGet(
        agent,
        `${server.url}${SEARCH_PATH}?${new URLSearchParams({ q })}`,
      );
      const main = server.mainThreadCpuMs() - before;
      cpu.push(main);
      others.push(server.allThreadsCpuMs() - allBefore - main);
      return took;
    };
    const pause = async () => {
      await warmUpClient();
      await timedGet(agent, `${server.url}/readyz`);
    };
    await waitUntilReady(server.url);
    await pause();
    const client: number[] = [];
    for (const q of queries) client.push(await search(q));
    // The tenth's `finish` and log line come after the client has its answer: let them run
    // before this process's own warm-up takes a core.
    await sleep(20);
    await pause();
    client.push(await search(paused));
    const logged = await loggedSearchMs(server, client.length);
    return { first: queries[0]!, tenth: queries.at(-1)!, client, server: logged, cpu, others };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

function report(size: number, samples: readonly StartSample[], starts: number): void {
  type Side = 'client' | 'server' | 'cpu' | 'others';
  const at = (side: Side, index: number) => samples.map((s) => s[side][index]!);
  const middle = (side: Side) => samples.flatMap((s) => s[side].slice(1, ASKED - 1));
  console.log(`${size} tools`);
  for (const [k, s] of samples.entries())
    console.log(
      `  start ${k + 1}: first ${ms(s.client[0]!)} (log ${ms(s.server[0]!)}, CPU ${ms(s.cpu[0]!)} + ${ms(s.others[0]!)})  tenth ${ms(s.client[ASKED - 1]!)} (${ms(s.server[ASKED - 1]!)}, ${ms(s.cpu[ASKED - 1]!)})  after a pause ${ms(s.client[PAUSED]!)} (${ms(s.server[PAUSED]!)}, ${ms(s.cpu[PAUSED]!)})  "${s.first}" / "${s.tenth}"`,
    );
  const labels = {
    client: 'client wall',
    server: 'server log ms',
    cpu: 'main thread CPU',
    others: 'other threads CPU',
  };
  for (const side of ['client', 'server', 'cpu', 'others'] as const) {
    const first = median(at(side, 0));
    const tenth = median(at(side, ASKED - 1));
    const paused = median(at(side, PAUSED));
    const medians = `first ${ms(first)}  tenth ${ms(tenth)}  2nd–9th ${ms(median(middle(side)))}  after a pause ${ms(paused)}`;
    // Query R[k] is first on start k and tenth on start k-1: its own ratio, free of which query.
    const ratios = samples.map(
      (s, k) => s[side][0]! / samples[(k + starts - 1) % starts]![side][ASKED - 1]!,
    );
    console.log(
      side === 'others'
        ? `  ${labels[side].padEnd(18)} ${medians}`
        : `  ${labels[side].padEnd(18)} ${medians}  first/tenth ${(first / tenth).toFixed(2)}× (same query's, median ${median(ratios).toFixed(2)}×)  first/after a pause ${(first / paused).toFixed(2)}×`,
    );
  }
}
