import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from './http/child-server.js';
import { generatedCatalog } from './generated-catalog.js';
import { loadRun, type LoadFigures, type LoadTarget } from './http/load-run.js';
import { recordResponse, type RecordedResponse } from './http/recorded-response.js';

const SERVER_MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const REFERENCE_MAIN = fileURLToPath(new URL('./http/reference-server.js', import.meta.url));
const UNLIMITED = '1000000000';
/** What a browser or fetch sends: the server negotiates br, as for most real clients. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

interface HttpBenchOptions {
  /** A catalog file; by default a generated one of `tools` tools. */
  readonly catalog: string | undefined;
  readonly tools: number;
  readonly q: string;
  readonly seconds: number;
  readonly connections: number;
  readonly rounds: number;
  /** When set, our server runs with `--cpu-prof` and writes its profile here. */
  readonly profileDir: string | undefined;
  /** Which routes to drive (`search`, `browse`, `detail`, `mcp`); all by default. */
  readonly routes: readonly string[] | undefined;
  /** The service's `main.js` (e.g. another checkout's build); this checkout's by default. */
  readonly server: string | undefined;
}

type ServerName = 'ours' | 'express' | 'node:http';

/**
 * One load run, with the server's CPU time per answer (all its threads, user and system): on
 * two shared cores the request rate moves with whatever else runs, and with how the load
 * generator and the server share the cores, while the CPU each answer costs the server moves
 * far less.
 */
interface RunFigures extends LoadFigures {
  readonly cpuUsPerRequest: number;
}

interface Route {
  readonly key: string;
  readonly name: string;
  readonly target: LoadTarget;
  /** Whether the bare references serve it too (MCP is compared with REST search only). */
  readonly referenced: boolean;
}

/**
 * `pnpm bench http`: REST search, browse and detail and MCP `search_tools` of the built service,
 * side by side with a bare `node:http` server and a bare Express app, each in its own process,
 * serving the bytes and headers the service sent for the same request (fetched from it first,
 * in the coding the load generator asks for). Rounds alternate the servers' order so all see the
 * same machine load; prints requests/s, p99 and the ratios per round and their medians.
 */
export async function httpBench(options: HttpBenchOptions): Promise<void> {
  const catalog = options.catalog ?? (await generatedCatalog(options.tools, 1)).file;
  const workDir = await mkdtemp(join(tmpdir(), 'bench-http-'));
  const servers: ChildServer[] = [];
  try {
    const ours = await startChildServer(options.server ?? SERVER_MAIN, join(workDir, 'ours.log'), {
      nodeArgs:
        options.profileDir === undefined
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`],
      env: {
        ...process.env,
        PORT: '0',
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        CATALOG_FILE: catalog,
        DATA_DIR: workDir,
        LOG_LEVEL: 'info',
        RATE_LIMIT_API: UNLIMITED,
        RATE_LIMIT_SEARCH: UNLIMITED,
        SHUTDOWN_DRAIN_MS: '0',
      },
    });
    servers.push(ours);
    const routes = (await benchRoutes(ours.url, options.q)).filter(
      (route) => options.routes === undefined || options.routes.includes(route.key),
    );
    const recorded: RecordedResponse[] = [];
    for (const route of routes.filter((r) => r.referenced)) {
      const response = await recordResponse(ours.url, { ...route.target, url: route.target.path });
      if (response.status !== 200) throw new Error(`${route.name} answered ${response.status}`);
      recorded.push(response);
    }
    const recordedFile = join(workDir, 'recorded-responses.json');
    await writeFile(recordedFile, JSON.stringify(recorded));
    const references = {
      express: await startChildServer(REFERENCE_MAIN, join(workDir, 'express.log'), {
        args: ['express', recordedFile],
      }),
      'node:http': await startChildServer(REFERENCE_MAIN, join(workDir, 'node.log'), {
        args: ['node', recordedFile],
      }),
    };
    servers.push(references.express, references['node:http']);
    await checkSameBytes(recorded, [references.express.url, references['node:http'].url]);
    const processes: Record<ServerName, ChildServer> = {
      ours,
      express: references.express,
      'node:http': references['node:http'],
    };
    const urls: Record<ServerName, string> = {
      ours: ours.url,
      express: references.express.url,
      'node:http': references['node:http'].url,
    };

    console.log(
      `catalog ${catalog}\nq=${JSON.stringify(options.q)}, Accept-Encoding: ${ACCEPT_ENCODING}, ` +
        `${options.rounds} rounds of ${options.seconds} s per server and route, ${options.connections} connections`,
    );
    // Warm-up: JIT, caches and connection pools of every server, not measured.
    for (const route of routes)
      for (const name of serverNames(route, 0))
        await loadRun(urls[name], route.target, 1, options.connections);

    const rounds: Array<Map<string, RunFigures>> = [];
    for (let round = 0; round < options.rounds; round++) {
      const figures = new Map<string, RunFigures>();
      for (const route of routes) {
        for (const name of serverNames(route, round)) {
          const cpuBefore = processes[name].cpuMs();
          const run = await loadRun(urls[name], route.target, options.seconds, options.connections);
          if (run.unexpected > 0)
            throw new Error(`${route.name} on ${name}: ${run.unexpected} failed responses`);
          const cpuUsPerRequest = ((processes[name].cpuMs() - cpuBefore) * 1000) / run.requests;
          figures.set(`${route.name}|${name}`, { ...run, cpuUsPerRequest });
        }
      }
      rounds.push(figures);
      printRound(round + 1, routes, figures);
    }
    printMedians(routes, rounds);
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function benchRoutes(base: string, q: string): Promise<Route[]> {
  const get = (path: string): LoadTarget => ({
    method: 'GET',
    path,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
  });
  const search = `/api/v1/tools?${new URLSearchParams({ q }).toString()}`;
  const found = (await (await fetch(new URL(search, base))).json()) as {
    items: Array<{ id: string }>;
  };
  const id = found.items[0]?.id;
  if (id === undefined) throw new Error(`q=${JSON.stringify(q)} finds nothing in this catalog`);
  return [
    { key: 'search', name: 'REST search', target: get(search), referenced: true },
    { key: 'browse', name: 'REST browse', target: get('/api/v1/tools'), referenced: true },
    {
      key: 'detail',
      name: 'REST detail',
      target: get(`/api/v1/tools/${encodeURIComponent(id)}`),
      referenced: true,
    },
    {
      key: 'mcp',
      name: 'MCP search_tools',
      target: {
        method: 'POST',
        path: '/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'accept-encoding': ACCEPT_ENCODING,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_tools', arguments: { q } },
        }),
      },
      referenced: false,
    },
  ];
}

/** The servers of a route, in an order that rotates with the round. */
function serverNames(route: Route, round: number): ServerName[] {
  if (!route.referenced) return ['ours'];
  const names: ServerName[] = ['ours', 'express', 'node:http'];
  return names.map((_, i) => names[(i + round) % names.length]!);
}

/** The references must send exactly what the service sent, or the comparison means nothing. */
async function checkSameBytes(
  recorded: readonly RecordedResponse[],
  bases: string[],
): Promise<void> {
  for (const base of bases) {
    for (const expected of recorded) {
      const got = await recordResponse(base, {
        method: expected.method,
        url: expected.url,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
      });
      const same =
        got.status === expected.status &&
        got.body === expected.body &&
        got.chunked === expected.chunked &&
        JSON.stringify(lowerCased(got.headers)) === JSON.stringify(lowerCased(expected.headers));
      if (!same) throw new Error(`${base}${expected.url} does not answer what the service sent`);
    }
  }
}

function lowerCased(headers: Record<string, string>): Array<[string, string]> {
  return Object.entries(headers)
    .map(([name, value]): [string, string] => [name.toLowerCase(), value])
    .filter(([name]) => name !== 'x-request-id' && name !== 'server-timing')
    .sort(([a], [b]) => a.localeCompare(b));
}

const ratio = (a: number, b: number): string => (b === 0 ? '-' : (a / b).toFixed(2));

function printRound(round: number, routes: readonly Route[], figures: Map<string, RunFigures>) {
  console.log(`\nround ${round}`);
  console.log(
    `${'route'.padEnd(18)}${'server'.padEnd(11)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}`,
  );
  for (const route of routes) {
    for (const name of ['ours', 'express', 'node:http'] as const) {
      const run = figures.get(`${route.name}|${name}`);
      if (run === undefined) continue;
      console.log(
        `${route.name.padEnd(18)}${name.padEnd(11)}${run.requestsPerSecond.toFixed(0).padStart(9)}${run.p99Ms.toFixed(0).padStart(8)}${run.cpuUsPerRequest.toFixed(1).padStart(12)}`,
      );
    }
  }
  for (const route of routes.filter((r) => r.referenced)) {
    const rps = (name: ServerName) => figures.get(`${route.name}|${name}`)?.requestsPerSecond ?? 0;
    console.log(
      `${route.name.padEnd(18)}ours/Express ${ratio(rps('ours'), rps('express'))}  ours/node:http ${ratio(rps('ours'), rps('node:http'))}`,
    );
  }
  const mcp = figures.get('MCP search_tools|ours')?.requestsPerSecond;
  const rest = figures.get('REST search|ours')?.requestsPerSecond;
  if (mcp !== undefined && rest !== undefined)
    console.log(`${'MCP / REST search'.padEnd(18)}${ratio(mcp, rest)}`);
}

function printMedians(routes: readonly Route[], rounds: ReadonlyArray<Map<string, RunFigures>>) {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const rate = (figures: Map<string, RunFigures>, key: string) =>
    figures.get(key)?.requestsPerSecond ?? 0;
  const cpu = (key: string) => median(rounds.map((f) => f.get(key)?.cpuUsPerRequest ?? 0));
  console.log(`\nmedian of ${rounds.length} rounds (ratios taken per round)`);
  for (const route of routes.filter((r) => r.referenced)) {
    const perRound = (name: ServerName) =>
      median(rounds.map((f) => rate(f, `${route.name}|ours`) / rate(f, `${route.name}|${name}`)));
    console.log(
      `${route.name.padEnd(18)}ours ${median(rounds.map((f) => rate(f, `${route.name}|ours`))).toFixed(0)} req/s` +
        `  ours/Express ${perRound('express').toFixed(2)}  ours/node:http ${perRound('node:http').toFixed(2)}` +
        `  CPU µs/req ours ${cpu(`${route.name}|ours`).toFixed(1)}, Express ${cpu(`${route.name}|express`).toFixed(1)}, node:http ${cpu(`${route.name}|node:http`).toFixed(1)}`,
    );
  }
  if (!routes.some((r) => r.key === 'mcp') || !routes.some((r) => r.key === 'search')) return;
  const mcp = median(
    rounds.map((f) => rate(f, 'MCP search_tools|ours') / rate(f, 'REST search|ours')),
  );
  console.log(`${'MCP / REST search'.padEnd(18)}${mcp.toFixed(2)}`);
}
