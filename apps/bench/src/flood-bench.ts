import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  bystander,
  catalogWords,
  closestSearch,
  COSTLY_KINDS,
  costlySearch,
  floodAtAllowedRate,
  ordinarySearch,
  SEARCH_ROUTES,
  searchCost,
  type FloodTally,
} from './address-flood.js';
import { afterPublication } from './after-publication.js';
import { send } from './flood-client.js';
import { generatedCatalog } from './generated-catalog.js';
import { ms, summarise, type LatencySummary } from './percentiles.js';
import { startBenchServer } from './server-process.js';
import { seededRandom } from './query-sampler.js';

interface FloodBenchOptions {
  /** The catalog of the one-client flood of refusals. */
  readonly catalog: string;
  readonly seconds: number;
  readonly concurrency: number;
  /** Catalog sizes (generated) of the flood from sixty addresses; none skips it. */
  readonly tools: readonly number[];
  readonly seed: number;
  readonly server?: string;
}

/**
 * `pnpm bench flood`, in two parts.
 *
 * 1. One client spends its allowance, then floods searches that are refused with 429 or answered
 *    304 to `If-None-Match: *`, `concurrency` at a time, each on a new connection, while a
 *    bystander on its own connection reads `/healthz` and a tool's detail. A refused or
 *    conditional request must cost next to nothing (docs/api.md#limits).
 * 2. For each catalog size of `tools`: sixty addresses (127.0.0.2 to 127.0.0.61) send, each at
 *    the rate its buckets allow, the most expensive search they can make on one route (REST,
 *    MCP, the search page), while a bystander at 127.0.0.1 asks ordinary searches. Prints the
 *    bystander's p50 with and without the flood, per route, and the worst search's cost against
 *    an ordinary one. At the largest size, then, what the first reads after a publication cost.
 */
export async function floodBench(options: FloodBenchOptions): Promise<void> {
  if (options.concurrency > 0) await refusalFlood(options);
  const sizes = [...options.tools].sort((a, b) => a - b);
  for (const tools of sizes) {
    await addressFlood(options, tools, tools === sizes[sizes.length - 1]);
  }
}

async function refusalFlood(options: FloodBenchOptions): Promise<void> {
  // The flooder is 127.0.0.2; the bystander, at 127.0.0.1 (a trusted proxy), names a client of
  // its own for each read, so its detail reads never run out of quota.
  const server = await startBenchServer(
    { CATALOG_FILE: options.catalog, TRUST_PROXY: '127.0.0.1' },
    options.server,
  );
  try {
    const toolId = await firstToolId(server.url);
    const quiet = await readingBystander(
      server.url,
      toolId,
      options.seconds,
      async () => undefined,
    );
    // The flooder first spends its allowance (these searches are real work, and allowed); what
    // is measured is what it costs the service once every further search is refused.
    const spent = await spendAllowance(server.url);
    const statuses = new Map<number, number>();
    const cpuBefore = server.cpuMs();
    const flooded = await readingBystander(server.url, toolId, options.seconds, (until) =>
      refusedSearches(server.url, until, options.concurrency, statuses),
    );
    console.log(
      `one client's refusals: catalog ${options.catalog}, ${options.seconds} s per phase, concurrency ${options.concurrency}, a new connection per request; the flooder's ${spent} allowed searches were spent before the measured flood`,
    );
    for (const [name, alone, under] of [
      ['/healthz', quiet.health, flooded.health],
      ['tool detail', quiet.detail, flooded.detail],
    ] as const) {
      console.log(
        `  ${name.padEnd(12)} alone p50 ${ms(alone.p50)} p99 ${ms(alone.p99)} | under flood p50 ${ms(under.p50)} p99 ${ms(under.p99)} | p50 ratio ${(under.p50 / alone.p50).toFixed(2)}x`,
      );
    }
    const cpu = server.cpuMs() - cpuBefore;
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  flood: ${total} searches (${(total / options.seconds).toFixed(0)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}; server CPU ${(cpu / Math.max(1, total)).toFixed(2)} ms per refused or conditional search`,
    );
  } finally {
    await server.stop();
  }
}

/** The one client of the flood of refusals. */
const FLOODER = '127.0.0.2';

async function firstToolId(url: string): Promise<string> {
  const page = await send(url, { path: '/api/v1/tools?limit=1' });
  return (JSON.parse(page.body) as { items: Array<{ id: string }> }).items[0]?.id ?? '';
}

async function spendAllowance(url: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: FLOODER });
  let allowed = 0;
  for (let i = 0; i < 10_000; i++) {
    const answer = await send(
      url,
      { path: `/api/v1/tools?q=spend${i}` },
      { agent, localAddress: FLOODER },
    );
    if (answer.status === 429) break;
    allowed++;
  }
  agent.destroy();
  return allowed;
}

/** `/healthz` and a tool's detail in turn, every 10 ms, on one kept-alive connection. */
async function readingBystander(
  url: string,
  toolId: string,
  seconds: number,
  during: (until: number) => Promise<void>,
): Promise<{ health: LatencySummary; detail: LatencySummary }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const until = performance.now() + seconds * 1000;
  const health: number[] = [];
  const detail: number[] = [];
  const background = during(until);
  for (let i = 0; performance.now() < until; i++) {
    const [path, samples] =
      i % 2 === 0 ? ['/healthz', health] : [`/api/v1/tools/${toolId}`, detail];
    const started = performance.now();
    const forwarded = `10.1.${(i >> 8) & 255}.${i & 255}`;
    await send(url, { path, headers: { 'X-Forwarded-For': forwarded } }, { agent });
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await background;
  agent.destroy();
  return { health: summarise(health), detail: summarise(detail) };
}

async function refusedSearches(
  url: string,
  until: number,
  concurrency: number,
  statuses: Map<number, number>,
): Promise<void> {
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const i = n++;
        // Distinct three-letter queries: each matches much of the catalog, none repeats within
        // a run, so no result cache can absorb them.
        const q = [i % 26, Math.floor(i / 26) % 26, Math.floor(i / 676) % 26]
          .map((n) => String.fromCharCode(97 + n))
          .join(' ');
        const headers: Record<string, string> = i % 4 === 0 ? { 'If-None-Match': '*' } : {};
        const answer = await send(
          url,
          { path: `/api/v1/tools?q=${encodeURIComponent(q)}`, headers },
          { localAddress: FLOODER },
        );
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
}

async function addressFlood(
  options: FloodBenchOptions,
  tools: number,
  last: boolean,
): Promise<void> {
  const { file } = await generatedCatalog(tools, options.seed);
  const dir = await mkdtemp(join(tmpdir(), 'bench-flood-'));
  // A copy of its own, so that the publication at the end may change it.
  const catalog = join(dir, 'catalog.json');
  await copyFile(file, catalog);
  // Default limits; 127.0.0.1 (the bystander) is a trusted proxy, the flooders are not.
  const server = await startBenchServer(
    { CATALOG_FILE: catalog, TRUST_PROXY: '127.0.0.1', MAX_CONNECTIONS_PER_CLIENT: '0' },
    options.server,
  );
  try {
    const words = await catalogWords(server.url);
    const draw = seededRandom(options.seed);
    console.log(
      `\n${tools} tools: 60 addresses, each at its allowed rate, send the costliest search of one route; a bystander at 127.0.0.1 asks ordinary searches (${options.seconds} s a phase)`,
    );
    const ordinary = await searchCost(server.url, ordinarySearch(words, 1_000_000), '127.0.0.62');
    const worst = await searchCost(server.url, costlySearch('rest', draw), '127.0.0.63');
    console.log(
      `  worst search: ${worst.ms.toFixed(1)} ms in the use case, ${worst.units} units; an ordinary one: ${ordinary.ms.toFixed(1)} ms, ${ordinary.units} unit(s); ${(worst.ms / ordinary.ms).toFixed(1)}x the time, ${(worst.units / ordinary.units).toFixed(0)}x the price`,
    );
    const closest = await searchCost(server.url, closestSearch('rest', words, draw), '127.0.0.64');
    console.log(
      `  worst search that nothing matches in full (its closest tools computed): ${closest.ms.toFixed(1)} ms in the use case, ${closest.units} units; ${(closest.ms / ordinary.ms).toFixed(1)}x the time, ${(closest.units / ordinary.units).toFixed(0)}x the price of an ordinary one`,
    );
    let next = 0;
    const remaining = new Map<string, number>();
    for (const kind of COSTLY_KINDS)
      for (const route of SEARCH_ROUTES) {
        const phase = () => performance.now() + options.seconds * 1000;
        const quiet = await bystander(server.url, words, phase(), next);
        next += quiet.count;
        const tally: FloodTally = { statuses: new Map(), units: [], remaining };
        const until = phase();
        const [flooded] = await Promise.all([
          bystander(server.url, words, until, next),
          floodAtAllowedRate(server.url, route, until, tally, draw, { kind, words }),
        ]);
        next += flooded.count;
        const sent = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
        const units = summarise(tally.units);
        console.log(
          `  ${route.padEnd(5)} ${kind.padEnd(8)} bystander p50 ${ms(quiet.p50)} alone, ${ms(flooded.p50)} under flood: ${(flooded.p50 / quiet.p50).toFixed(2)}x (p99 ${ms(quiet.p99)} / ${ms(flooded.p99)}); flood ${sent} searches (${(sent / options.seconds).toFixed(1)}/s), ${units.p50} units each at p50, statuses ${JSON.stringify(Object.fromEntries(tally.statuses))}`,
        );
      }
    if (last) {
      const overview = await send(server.url, {
        path: '/api/v1/tools?facets=category&limit=1',
      });
      const body = JSON.parse(overview.body) as {
        items: Array<{ id: string }>;
        facets: { category: Array<{ name: string }> };
      };
      await afterPublication(
        server,
        catalog,
        body.facets.category[0]?.name ?? '',
        body.items[0]?.id ?? '',
      );
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
