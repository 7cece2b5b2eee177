import { SERVER_MAIN } from '@reviews/server/testing';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generatedCatalog } from '../generated-catalog.js';
import { httpInstructions } from './http-instructions.js';
import { loadRun, type LoadFigures, type LoadTarget } from './load-run.js';
import { recordResponse, type RecordedResponse } from './recorded-response.js';
import {
  benchServiceEnv,
  serverMainIn,
  startServerLoggingTo,
  type LoggingServer,
} from '../server-process.js';

const REFERENCE_MAIN = fileURLToPath(new URL('./reference-server.js', import.meta.url));
const MCP_REFERENCE_MAIN = fileURLToPath(new URL('./mcp-sdk-reference.js', import.meta.url));
/** The MCP protocol generations the bench drives, each against the SDK's own serving of it. */
const MCP_GENERATIONS = ['2025-11-25', '2026-07-28'] as const;
type McpGeneration = (typeof MCP_GENERATIONS)[number];
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
  /** Another checkout (built): its server runs beside ours, in turn, on every route. */
  readonly compare: string | undefined;
  /** Instead of the rounds: instructions per answer of every route (`httpInstructions`). */
  readonly instructions: boolean;
  /**
   * Every server on the second core and the load generator (this process) on the first
   * (`pinnedToCores`), so neither takes the other's CPU and a server's own threads (its
   * collector, its compiler) count against its answers only.
   */
  readonly pin: boolean;
}

/**
 * `ours`, the `--compare` build (`theirs`), and the references: a bare `node:http` server and a
 * bare Express app for REST, the SDK's own serving for MCP.
 */
type ServerName = 'ours' | 'theirs' | 'express' | 'node:http' | 'sdk';
const SERVER_NAMES: readonly ServerName[] = ['ours', 'theirs', 'express', 'node:http', 'sdk'];

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
  /** REST routes are compared with node:http and Express; MCP ones with the SDK's serving. */
  readonly generation?: McpGeneration;
}

/** The references a route is measured against. */
const referencesOf = (route: Route): ServerName[] =>
  route.generation === undefined ? ['express', 'node:http'] : ['sdk'];

/**
 * `pnpm bench http`: REST search, browse and detail and MCP `search_tools` (both protocol
 * generations) of the built service, each against its references in their own processes: for
 * REST a bare `node:http` server and a bare Express app serving the bytes and headers the service
 * sent for the same request (fetched from it first, in the coding the load generator asks for);
 * for MCP a bare `node:http` server serving both generations on one endpoint through the
 * official SDK with the result the service gave. With `--compare DIR` that build's server runs beside ours on every route. Rounds
 * turn the servers' order so all see the same machine load; prints requests/s, p99 and the
 * ratios per round and their medians.
 */
export async function httpBench(options: HttpBenchOptions): Promise<void> {
  const catalog = options.catalog ?? (await generatedCatalog(options.tools, 1)).file;
  const workDir = await mkdtemp(join(tmpdir(), 'bench-http-'));
  const started: LoggingServer[] = [];
  const pinned = options.pin ? await pinnedToCores() : undefined;
  const start = async (
    name: string,
    script: string,
    options: Parameters<typeof startServerLoggingTo>[2],
  ): Promise<LoggingServer> => {
    const server = await startServerLoggingTo(script, join(workDir, `${name}.log`), {
      ...options,
      ...(pinned === undefined ? {} : { wrapper: pinned }),
    });
    started.push(server);
    return server;
  };
  const service = async (name: string, script: string, nodeArgs: string[] = []) => {
    const dataDir = join(workDir, name);
    await mkdir(dataDir);
    return start(name, script, { nodeArgs, env: benchServiceEnv(catalog, dataDir) });
  };
  try {
    const ours = await service(
      'ours',
      options.server ?? SERVER_MAIN,
      options.profileDir === undefined
        ? []
        : ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`],
    );
    const theirs =
      options.compare === undefined || options.instructions
        ? undefined
        : await service('theirs', serverMainIn(options.compare));
    const routes = (await benchRoutes(ours.url, options.q)).filter(
      (route) => options.routes === undefined || options.routes.includes(route.key),
    );
    const rest = routes.filter((route) => route.generation === undefined);
    const mcp = routes.filter((route) => route.generation !== undefined);
    const recorded: RecordedResponse[] = [];
    for (const route of rest) {
      const response = await recordResponse(ours.url, { ...route.target, url: route.target.path });
      if (response.status !== 200) throw new Error(`${route.name} answered ${response.status}`);
      recorded.push(response);
    }
    const recordedFile = join(workDir, 'recorded-responses.json');
    await writeFile(recordedFile, JSON.stringify(recorded));
    const resultFile = join(workDir, 'search-tools-result.json');
    if (mcp[0] !== undefined)
      await writeFile(resultFile, JSON.stringify(await mcpResult(ours.url, mcp[0])));
    if (options.instructions) {
      // Counted under callgrind in servers of their own; this one only found the routes and the
      // result the SDK reference is to give.
      await ours.stop();
      const builds: Array<readonly [string, string]> = [['ours', options.server ?? SERVER_MAIN]];
      if (options.compare !== undefined)
        builds.push([options.compare, serverMainIn(options.compare)]);
      const counted = routes.map(({ name, target, generation }) => ({
        name,
        target,
        ...(generation === undefined
          ? {}
          : { reference: { main: MCP_REFERENCE_MAIN, args: [resultFile] } }),
      }));
      await httpInstructions(builds, catalog, workDir, counted);
      return;
    }

    const references = new Map<string, LoggingServer>();
    if (rest.length > 0) {
      references.set(
        'express',
        await start('express', REFERENCE_MAIN, { args: ['express', recordedFile] }),
      );
      references.set(
        'node:http',
        await start('node', REFERENCE_MAIN, { args: ['node', recordedFile] }),
      );
      await checkSameBytes(recorded, [
        references.get('express')!.url,
        references.get('node:http')!.url,
      ]);
    }
    if (mcp.length > 0) {
      // One process for both generations, as the service serves both on one endpoint.
      references.set('sdk', await start('sdk', MCP_REFERENCE_MAIN, { args: [resultFile] }));
      for (const route of mcp) await checkSameResult(route, ours.url, references.get('sdk')!.url);
    }
    /** The servers measured on `route`, ours first. */
    const contenders = (route: Route): Array<readonly [ServerName, LoggingServer]> => [
      ['ours', ours],
      ...(theirs === undefined ? [] : [['theirs', theirs] as const]),
      ...referencesOf(route).map((name) => [name, references.get(name)!] as const),
    ];

    console.log(
      `catalog ${catalog}\nq=${JSON.stringify(options.q)}, Accept-Encoding: ${ACCEPT_ENCODING}, ` +
        `${options.rounds} rounds of ${options.seconds} s per server and route, ${options.connections} connections` +
        (options.compare === undefined ? '' : `\ntheirs: ${options.compare}`),
    );
    // Warm-up, not measured: JIT, caches, connection pools and the heap of every server. A run
    // as long as a measured one: after one second the service still compiles and grows its
    // heap (its first five seconds of MCP calls cost a third more CPU a call than the next).
    for (const route of routes)
      for (const [, server] of contenders(route))
        await loadRun(server.url, route.target, options.seconds, options.connections);

    const rounds: Array<Map<string, RunFigures>> = [];
    for (let round = 0; round < options.rounds; round++) {
      const figures = new Map<string, RunFigures>();
      for (const route of routes) {
        const servers = contenders(route);
        for (let i = 0; i < servers.length; i++) {
          const [name, server] = servers[(i + round) % servers.length]!;
          const cpuBefore = server.cpuMs();
          const run = await loadRun(server.url, route.target, options.seconds, options.connections);
          if (run.unexpected > 0)
            throw new Error(`${route.name} on ${name}: ${run.unexpected} failed responses`);
          const cpuUsPerRequest = ((server.cpuMs() - cpuBefore) * 1000) / run.requests;
          figures.set(`${route.name}|${name}`, { ...run, cpuUsPerRequest });
        }
      }
      rounds.push(figures);
      printRound(round + 1, routes, figures);
    }
    printMedians(routes, rounds);
  } finally {
    for (const server of started.reverse()) await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Pins this process (the load generator, every thread) to the first core and returns the
 * wrapper that starts a server on the second (`taskset`, util-linux).
 */
async function pinnedToCores(): Promise<string[]> {
  if (availableParallelism() < 2) throw new Error('--pin needs two cores');
  await promisify(execFile)('taskset', ['-a', '-p', '-c', '0', String(process.pid)]);
  return ['taskset', '-c', '1'];
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
    { key: 'search', name: 'REST search', target: get(search) },
    { key: 'browse', name: 'REST browse', target: get('/api/v1/tools') },
    {
      key: 'detail',
      name: 'REST detail',
      target: get(`/api/v1/tools/${encodeURIComponent(id)}`),
    },
    ...MCP_GENERATIONS.map((generation) => ({
      key: 'mcp',
      name: `MCP ${generation}`,
      target: searchToolsCall(generation, q),
      generation,
    })),
  ];
}

/**
 * A `search_tools` call as a client of `generation` sends it, stateless: 2025-11-25 with no
 * handshake (the server keeps no session), 2026-07-28 with the version and capabilities in
 * `_meta` and the `Mcp-Method`/`Mcp-Name` headers. No `Accept-Encoding`, as the SDK clients
 * send none: the service negotiates and sends identity, and the SDK reference compresses
 * nothing either, so both serve the same bytes.
 */
function searchToolsCall(generation: McpGeneration, q: string): LoadTarget {
  const modern = generation === '2026-07-28';
  const meta = {
    'io.modelcontextprotocol/protocolVersion': generation,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': generation,
      ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': 'search_tools' } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_tools', arguments: { q }, ...(modern ? { _meta: meta } : {}) },
    }),
  };
}

/** The JSON-RPC answer to `route`'s call from `base`, decoded. */
async function mcpAnswer(base: string, route: Route): Promise<{ result?: unknown }> {
  const { method, headers, body } = route.target;
  const res = await fetch(new URL(route.target.path, base), { method, headers, body });
  if (res.status !== 200) throw new Error(`${route.name} on ${base} answered ${res.status}`);
  return (await res.json()) as { result?: unknown };
}

/** The service's result for `route`'s call: what the SDK reference returns for every call. */
async function mcpResult(base: string, route: Route): Promise<unknown> {
  const { result } = await mcpAnswer(base, route);
  if (typeof result !== 'object' || result === null || 'isError' in result)
    throw new Error(`${route.name} gave no result: ${JSON.stringify(result)}`);
  return result;
}

/**
 * The SDK reference must give the service's result (its content; `_meta` names each server), or
 * the comparison means nothing.
 */
async function checkSameResult(route: Route, ours: string, sdk: string): Promise<void> {
  const content = ({ result }: { result?: unknown }) => {
    const { content, structuredContent } = (result ?? {}) as Record<string, unknown>;
    return JSON.stringify({ content, structuredContent });
  };
  if (content(await mcpAnswer(sdk, route)) !== content(await mcpAnswer(ours, route)))
    throw new Error(`the SDK reference does not answer ${route.name} as the service does`);
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

/** The servers `ours` is compared with on `route`, of those measured. */
function othersOn(route: Route, figures: Map<string, RunFigures>): ServerName[] {
  return SERVER_NAMES.filter((name) => name !== 'ours' && figures.has(`${route.name}|${name}`));
}

function printRound(round: number, routes: readonly Route[], figures: Map<string, RunFigures>) {
  console.log(`\nround ${round}`);
  console.log(
    `${'route'.padEnd(18)}${'server'.padEnd(11)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'CPU µs/req'.padStart(12)}`,
  );
  for (const route of routes) {
    for (const name of SERVER_NAMES) {
      const run = figures.get(`${route.name}|${name}`);
      if (run === undefined) continue;
      console.log(
        `${route.name.padEnd(18)}${name.padEnd(11)}${run.requestsPerSecond.toFixed(0).padStart(9)}${run.p99Ms.toFixed(0).padStart(8)}${run.cpuUsPerRequest.toFixed(1).padStart(12)}`,
      );
    }
  }
  for (const route of routes) {
    const rps = (name: ServerName) => figures.get(`${route.name}|${name}`)?.requestsPerSecond ?? 0;
    const ratios = othersOn(route, figures).map(
      (name) => `ours/${name} ${ratio(rps('ours'), rps(name))}`,
    );
    console.log(`${route.name.padEnd(18)}${ratios.join('  ')}`);
  }
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
  for (const route of routes) {
    const others = rounds[0] === undefined ? [] : othersOn(route, rounds[0]);
    const perRound = (name: ServerName) =>
      median(rounds.map((f) => rate(f, `${route.name}|ours`) / rate(f, `${route.name}|${name}`)));
    const cpus = ['ours' as const, ...others].map(
      (name) => `${name} ${cpu(`${route.name}|${name}`).toFixed(1)}`,
    );
    console.log(
      `${route.name.padEnd(18)}ours ${median(rounds.map((f) => rate(f, `${route.name}|ours`))).toFixed(0)} req/s` +
        others.map((name) => `  ours/${name} ${perRound(name).toFixed(2)}`).join('') +
        `  CPU µs/req ${cpus.join(', ')}`,
    );
  }
}
