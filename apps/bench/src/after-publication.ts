import { appendFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { mcpRequest, send, type FloodRequest } from './flood-client.js';
import type { BenchServer } from './server-process.js';

/** How long a reload of a large catalog may take. */
const PUBLISH_WAIT_MS = 15 * 60_000;

/**
 * Publications in a row, each followed by every kind's first and second read: one is noise. The
 * two requests of a kind swap places every publication, so that what one costs more than the
 * other by itself cancels out in the geometric mean of the ratios.
 */
const PUBLICATIONS = 4;

/** Each kind of read, twice: the first after a publication, and another of the same kind. */
function kinds(category: string, toolId: string): Array<[string, FloodRequest, FloodRequest]> {
  const categoryUri = (name: string) => `reviews://categories/${encodeURIComponent(name)}`;
  const complete = (uri: string, name: string, value: string) =>
    mcpRequest('completion/complete', {
      ref: { type: 'ref/resource', uri },
      argument: { name, value },
    });
  return [
    ['/healthz', { path: '/healthz' }, { path: '/healthz' }],
    ['home page', { path: '/' }, { path: '/?again' }],
    ['REST search', { path: '/api/v1/tools?q=data' }, { path: '/api/v1/tools?q=fast' }],
    ['search page, facets', { path: '/search?q=cloud' }, { path: '/search?q=test' }],
    [
      'tool detail',
      { path: `/api/v1/tools/${toolId}` },
      { path: `/api/v1/tools/${toolId}?limit=2` },
    ],
    [
      'MCP category resource',
      mcpRequest('resources/read', { uri: categoryUri(category) }),
      mcpRequest('resources/read', { uri: categoryUri(category) }),
    ],
    [
      'MCP tool-id completion',
      complete('reviews://tools/{id}', 'id', 'a'),
      complete('reviews://tools/{id}', 'id', 'b'),
    ],
    [
      'MCP category completion',
      complete('reviews://categories/{category}', 'category', ''),
      complete('reviews://categories/{category}', 'category', 'a'),
    ],
  ];
}

/** The value of the line of Prometheus text named `name` whose labels include every `labels`. */
function metric(text: string, name: string, ...labels: string[]): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || !labels.every((label) => line.includes(label))) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const GC_KINDS = ['minor', 'major', 'incremental', 'weakcb'] as const;
/** prom-client's buckets of `nodejs_gc_duration_seconds`, in seconds. */
const GC_BUCKETS = ['0.001', '0.01', '0.1', '1', '2', '5'];

async function scrape(server: BenchServer): Promise<string> {
  if (server.metricsUrl === undefined) throw new Error('the server has no metrics listener');
  const metrics = server.metricsUrl.endsWith('/metrics')
    ? server.metricsUrl
    : `${server.metricsUrl.replace(/\/$/, '')}/metrics`;
  return (await fetch(metrics)).text();
}

/**
 * Publishes `catalogFile` again (a byte appended, then SIGHUP), and once the publication is live
 * asks each kind of read twice, one at a time: the first of a kind pays whatever the publication
 * left to be computed on first use. Prints both times and their ratio, then the longest
 * event-loop delay from the SIGHUP to the last read (prom-client's `monitorEventLoopDelay`
 * maximum, reset at the scrape before) and the garbage collections meanwhile by kind (count and
 * total seconds), which names what the longest stall was.
 */
export async function afterPublication(
  server: BenchServer,
  catalogFile: string,
  category: string,
  toolId: string,
): Promise<void> {
  // Every kind asked once on the old publication: what the first after it pays is then what the
  // publication left undone, not the compiling of code no request had run yet.
  for (const [name, first] of kinds(category, toolId)) {
    const answer = await send(server.url, first);
    if (answer.status !== 200) throw new Error(`${name} got ${answer.status}`);
  }
  const before = await scrape(server);
  const rounds: Array<{ publishMs: number; timings: Array<[string, number, number]> }> = [];
  for (let round = 0; round < PUBLICATIONS; round++) {
    rounds.push(await publishAndRead(server, catalogFile, category, toolId, round % 2 === 1));
  }
  const after = await scrape(server);
  console.log(
    `\nafter a publication (${PUBLICATIONS} publications, published ${rounds.map((r) => (r.publishMs / 1000).toFixed(1)).join(', ')} s after SIGHUP; first/second of each, the pair swapped every publication; the geometric mean of the ratios):`,
  );
  console.log(
    '  read                        first (ms)             second (ms)            first/second',
  );
  const names = rounds[0]?.timings.map(([name]) => name) ?? [];
  names.forEach((name, i) => {
    const firsts = rounds.map((r) => r.timings[i]?.[1] ?? 0);
    const seconds = rounds.map((r) => r.timings[i]?.[2] ?? 0);
    const ratios = firsts.map((first, j) => first / (seconds[j] ?? first));
    const list = (values: number[]) =>
      values
        .map((v) => v.toFixed(1))
        .join(' ')
        .padEnd(22);
    console.log(
      `  ${name.padEnd(26)} ${list(firsts)} ${list(seconds)} ${geometricMean(ratios).toFixed(2)}x (${ratios.map((r) => r.toFixed(1)).join(' ')})`,
    );
  });
  const longest = metric(after, 'nodejs_eventloop_lag_max_seconds') * 1000;
  console.log(
    `  longest event-loop delay from the first SIGHUP to the last read: ${longest.toFixed(1)} ms (monitorEventLoopDelay)`,
  );
  const gcs = GC_KINDS.map((kind) => {
    const label = `kind="${kind}"`;
    const count =
      metric(after, 'nodejs_gc_duration_seconds_count', label) -
      metric(before, 'nodejs_gc_duration_seconds_count', label);
    const seconds =
      metric(after, 'nodejs_gc_duration_seconds_sum', label) -
      metric(before, 'nodejs_gc_duration_seconds_sum', label);
    // The smallest bucket holding every collection of the run bounds the longest of them.
    const bound = GC_BUCKETS.find(
      (le) =>
        metric(after, 'nodejs_gc_duration_seconds_bucket', `le="${le}"`, label) -
          metric(before, 'nodejs_gc_duration_seconds_bucket', `le="${le}"`, label) ===
        count,
    );
    const longest = count === 0 || bound === undefined ? '' : `, each ≤ ${Number(bound) * 1000} ms`;
    return `${kind} ${count} (${(seconds * 1000).toFixed(0)} ms in all${longest})`;
  });
  console.log(`  garbage collections meanwhile: ${gcs.join(', ')}`);
}

/**
 * One publication (a byte appended to `catalogFile`, then SIGHUP) and, once it is live, each
 * kind of read twice, one at a time: the first of a kind pays whatever the publication left to
 * be computed on first use.
 */
async function publishAndRead(
  server: BenchServer,
  catalogFile: string,
  category: string,
  toolId: string,
  swapped: boolean,
): Promise<{ publishMs: number; timings: Array<[string, number, number]> }> {
  const published = server.loggedTimes('catalog published');
  await appendFile(catalogFile, ' ');
  const started = performance.now();
  process.kill(server.pid, 'SIGHUP');
  const done = await server.waitForLog(['catalog published'], PUBLISH_WAIT_MS, published);
  if (done === undefined) throw new Error('the reload did not publish in time');
  const publishMs = performance.now() - started;
  const timings: Array<[string, number, number]> = [];
  for (const [name, first, second] of kinds(category, toolId)) {
    const times: number[] = [];
    for (const request of swapped ? [second, first] : [first, second]) {
      const begun = performance.now();
      const answer = await send(server.url, request);
      if (answer.status !== 200) throw new Error(`${name} got ${answer.status}`);
      times.push(performance.now() - begun);
    }
    timings.push([name, times[0] as number, times[1] as number]);
  }
  return { publishMs, timings };
}

function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / Math.max(1, values.length));
}
