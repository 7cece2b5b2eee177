import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { summarise } from '../percentiles.js';
import { soakMix, type SoakCatalog, type SoakRequest } from './soak-requests.js';
import { serverRss, startSoakServer } from './soak-server.js';

const SAMPLE = fileURLToPath(
  new URL('../../../../packages/service-common/catalog/sample-catalog.json', import.meta.url),
);

const usage = `usage: pnpm soak [-- options]
  A sustained mixed load at a fixed rate against the built server, started here on 127.0.0.1.
  --seconds N        how long (60; at most 86400)
  --rate R           requests per second (100; at most 5000)
  --catalog FILE     catalog to serve (the sample catalog)
  --interval N       seconds per report line (10)
  --reload-every N   send the server SIGHUP every N seconds (0: never)
  --max-in-flight M  requests allowed in flight; beyond, a tick's request is skipped and counted (256)`;

interface Window {
  latencies: number[];
  requests: number;
  fivexx: number;
  failures: number;
  skipped: number;
}

const newWindow = (): Window => ({
  latencies: [],
  requests: 0,
  fivexx: 0,
  failures: 0,
  skipped: 0,
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    // `pnpm soak -- --rate 50` passes the `--` through.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      seconds: { type: 'string', default: '60' },
      rate: { type: 'string', default: '100' },
      catalog: { type: 'string', default: SAMPLE },
      interval: { type: 'string', default: '10' },
      'reload-every': { type: 'string', default: '0' },
      'max-in-flight': { type: 'string', default: '256' },
      help: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const rate = Number(values.rate);
  const interval = Number(values.interval);
  const reloadEvery = Number(values['reload-every']);
  const maxInFlight = Number(values['max-in-flight']);
  const valid =
    seconds > 0 &&
    seconds <= 86_400 &&
    rate > 0 &&
    rate <= 5_000 &&
    interval > 0 &&
    reloadEvery >= 0 &&
    maxInFlight > 0;
  if (values.help || !valid) {
    console.error(usage);
    process.exitCode = values.help ? 0 : 2;
    return;
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'soak-'));
  const server = await startSoakServer(values.catalog, dataDir);
  try {
    const catalog = await readCatalog(server.url);
    const mix = soakMix(catalog);
    console.log(
      `soak: ${rate} req/s for ${seconds} s against ${server.url} (pid ${server.process.pid}), ` +
        `catalog ${values.catalog}${reloadEvery > 0 ? `, SIGHUP every ${reloadEvery} s` : ''}`,
    );
    const result = await run(
      server.url,
      mix,
      { seconds, rate, interval, reloadEvery, maxInFlight },
      () => server.process.signal('SIGHUP'),
      () => serverRss(server.metricsUrl),
    );
    process.exitCode = result.fivexx > 0 || result.failures > 0 ? 1 : 0;
  } finally {
    const code = await server.process.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (code !== 0) {
      console.log(`server exited with ${code} on SIGTERM`);
      process.exitCode = 1;
    }
  }
}

/** Tool ids, search words and an ETag of the catalog served. */
async function readCatalog(url: string): Promise<SoakCatalog> {
  const response = await fetch(`${url}/api/v1/tools?limit=20`);
  const body = (await response.json()) as { items: Array<{ id: string; name: string }> };
  const words = [
    ...new Set(body.items.flatMap((item) => item.name.toLowerCase().split(/[^a-z0-9]+/))),
  ].filter((word) => word.length >= 3);
  return {
    ids: body.items.map((item) => item.id),
    words: [...words, 'postgres', 'slow', 'editor', 'ci', 'no-such-word'],
    etag: response.headers.get('etag') ?? '"none"',
  };
}

interface RunOptions {
  readonly seconds: number;
  readonly rate: number;
  readonly interval: number;
  readonly reloadEvery: number;
  readonly maxInFlight: number;
}

async function run(
  url: string,
  mix: readonly SoakRequest[],
  options: RunOptions,
  reload: () => void,
  rssOf: () => Promise<number>,
): Promise<{ fivexx: number; failures: number }> {
  const total = mix.reduce((sum, request) => sum + request.weight, 0);
  const choose = (n: number): SoakRequest => {
    let point = (n * 7919) % total;
    for (const request of mix) {
      if (point < request.weight) return request;
      point -= request.weight;
    }
    return mix[0] as SoakRequest;
  };
  let window = newWindow();
  const all = { requests: 0, fivexx: 0, failures: 0, skipped: 0 };
  const p99s: number[] = [];
  const rss: number[] = [];
  let inFlight = 0;
  let sent = 0;
  const started = performance.now();
  const fire = (): void => {
    if (inFlight >= options.maxInFlight) {
      window.skipped++;
      return;
    }
    const n = sent++;
    const request = choose(n);
    const t0 = performance.now();
    inFlight++;
    const counted = window;
    request
      .send(url, n)
      .then(async (response) => {
        await response.arrayBuffer();
        counted.latencies.push(performance.now() - t0);
        counted.requests++;
        if (response.status >= 500) {
          counted.fivexx++;
          console.log(`  5xx: ${request.name} answered ${response.status}`);
        }
      })
      .catch((error: unknown) => {
        counted.failures++;
        // fetch() hides the reason (reset, refused, timeout) in `cause`: show it.
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const reason = error instanceof Error ? error.message : String(error);
        console.log(
          `  failed: ${request.name}: ${reason}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
        );
      })
      .finally(() => inFlight--);
  };

  // Open loop: requests go out on the clock whatever the answers do (no coordinated omission).
  const tickMs = 10;
  let due = 0;
  const ticker = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    const target = Math.min(elapsed, options.seconds) * options.rate;
    while (due < target) {
      fire();
      due++;
    }
  }, tickMs);
  const reloads =
    options.reloadEvery > 0 ? setInterval(reload, options.reloadEvery * 1000) : undefined;

  for (let t = options.interval; ; t += options.interval) {
    const end = Math.min(t, options.seconds);
    await sleepUntil(started + end * 1000);
    if (end >= options.seconds) {
      clearInterval(ticker);
      if (reloads !== undefined) clearInterval(reloads);
      const drainUntil = performance.now() + 30_000;
      while (inFlight > 0 && performance.now() < drainUntil)
        await sleepUntil(performance.now() + 50);
    }
    const current = window;
    window = newWindow();
    const latency = summarise(current.latencies);
    const bytes = await rssOf();
    rss.push(bytes);
    p99s.push(latency.p99);
    all.requests += current.requests;
    all.fivexx += current.fivexx;
    all.failures += current.failures;
    all.skipped += current.skipped;
    console.log(
      `t=${String(end).padStart(5)}s  answered=${String(current.requests).padStart(6)}  5xx=${current.fivexx}  ` +
        `failed=${current.failures}  skipped=${current.skipped}  p50=${latency.p50.toFixed(1)} ms  ` +
        `p99=${latency.p99.toFixed(1)} ms  max=${latency.max.toFixed(1)} ms  rss=${mb(bytes)} MB`,
    );
    if (end >= options.seconds) break;
  }
  const first = rss[0] ?? Number.NaN;
  const last = rss[rss.length - 1] ?? Number.NaN;
  console.log(
    `summary: ${all.requests} answered, 5xx=${all.fivexx}, failed=${all.failures}, skipped=${all.skipped}; ` +
      `p99 first/last window ${(p99s[0] ?? 0).toFixed(1)}/${(p99s[p99s.length - 1] ?? 0).toFixed(1)} ms; ` +
      `RSS ${mb(first)} → ${mb(last)} MB (drift ${last - first >= 0 ? '+' : ''}${mb(last - first)} MB after the first window)`,
  );
  return all;
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
}

await main();
