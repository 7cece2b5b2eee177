import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { timedGet, waitUntilReady, warmUpClient } from './bench-http-client.js';
import { classifiedQueries } from './classified-queries.js';
import { generatedCatalog } from './generated-catalog.js';
import { ms } from './percentiles.js';
import { startBenchServer, type BenchServer } from './server-process.js';

const UNLIMITED = '1000000000';
const SEARCH_PATH = '/api/v1/tools';
/** Searches asked after ready on each start: the first, eight fillers, the tenth. */
const ASKED = 10;

/** One start's first and tenth search, as the client saw them and as the server logged them. */
interface StartSample {
  readonly first: string;
  readonly tenth: string;
  readonly client: readonly number[];
  readonly server: readonly number[];
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
 * R[k] first, then eight fillers, then R[k+1] tenth (R: `starts` distinct selective queries).
 * Over all starts, every query of R is asked once first and once tenth, each time on a server
 * that never saw it (every query is new to its server, so no result or response cache answers);
 * the medians of firsts and tenths therefore compare the same queries, and each query's own
 * first/tenth ratio is reported too. Times are the client's (loopback, keep-alive, client warmed
 * and connected before the first search) and the server's own (`ms` of its access log line,
 * handler to end of response), which leaves out the client and the socket.
 */
export async function firstQueryBench(options: {
  sizes: readonly number[];
  starts: number;
  seed: number;
  server?: string | undefined;
  /** NODE_OPTIONS for the server, e.g. `--trace-gc` (its output goes to the bench's stdout). */
  nodeOptions?: string | undefined;
}): Promise<void> {
  const smallest = Math.min(...options.sizes);
  const catalogs = [];
  for (const size of options.sizes)
    catalogs.push({ size, ...(await generatedCatalog(size, options.seed)) });
  const { selective } = await classifiedQueries(
    catalogs.find((c) => c.size === smallest)!.file,
    options.starts + ASKED,
    options.seed,
  );
  if (selective.length < options.starts + ASKED - 2)
    throw new Error(`only ${selective.length} selective queries; ask for fewer starts`);
  const rotated = selective.slice(0, options.starts);
  const fillers = selective.slice(options.starts, options.starts + ASKED - 2);
  console.log(
    `first vs tenth selective search after ready over HTTP, ${options.starts} starts per size, queries rotated (each asked once first, once tenth)${options.nodeOptions === undefined ? '' : `, server NODE_OPTIONS=${options.nodeOptions}`}\n`,
  );

  for (const catalog of catalogs) {
    const samples: StartSample[] = [];
    for (let k = 0; k < options.starts; k++) {
      const first = rotated[k]!;
      const tenth = rotated[(k + 1) % options.starts]!;
      samples.push(await oneStart(catalog.file, [first, ...fillers, tenth], options));
    }
    report(catalog.size, samples, options.starts);
  }
}

async function oneStart(
  file: string,
  queries: readonly string[],
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
    await waitUntilReady(server.url);
    await warmUpClient();
    await timedGet(agent, `${server.url}/readyz`);
    const client: number[] = [];
    for (const q of queries)
      client.push(
        await timedGet(agent, `${server.url}${SEARCH_PATH}?${new URLSearchParams({ q })}`),
      );
    const logged = await loggedSearchMs(server, queries.length);
    return { first: queries[0]!, tenth: queries.at(-1)!, client, server: logged };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

function report(size: number, samples: readonly StartSample[], starts: number): void {
  const at = (side: 'client' | 'server', index: number) => samples.map((s) => s[side][index]!);
  const middle = (side: 'client' | 'server') => samples.flatMap((s) => s[side].slice(1, ASKED - 1));
  console.log(`${size} tools`);
  for (const [k, s] of samples.entries())
    console.log(
      `  start ${k + 1}: first ${ms(s.client[0]!)} (server ${ms(s.server[0]!)})  tenth ${ms(s.client[ASKED - 1]!)} (server ${ms(s.server[ASKED - 1]!)})  "${s.first}" / "${s.tenth}"`,
    );
  for (const side of ['client', 'server'] as const) {
    const first = median(at(side, 0));
    const tenth = median(at(side, ASKED - 1));
    // Query R[k] is first on start k and tenth on start k-1: its own ratio, free of which query.
    const ratios = samples.map(
      (s, k) => s[side][0]! / samples[(k + starts - 1) % starts]![side][ASKED - 1]!,
    );
    console.log(
      `  ${side.padEnd(6)} median first ${ms(first)}  tenth ${ms(tenth)}  2nd–9th ${ms(median(middle(side)))}  first/tenth ${(first / tenth).toFixed(2)}×  same query's ratio, median ${median(ratios).toFixed(2)}×`,
    );
  }
}
