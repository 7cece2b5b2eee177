import { performance } from 'node:perf_hooks';
import { request, Agent } from 'node:http';
import { ms, summarise } from './percentiles.js';
import { startBenchServer } from './server-process.js';

/**
 * One client spends its allowance (default limits: 30 searches a minute), then floods searches
 * that are refused with 429 or answered 304 to `If-None-Match: *`, while a bystander on its own
 * connection asks `/healthz` every 10 ms. Prints the bystander's latency without and with the
 * flood, and what the flood got back. A refused or conditional request must
 * cost the service next to nothing, so the bystander should not notice the flood.
 */
export async function floodBench(options: {
  catalog: string;
  seconds: number;
  concurrency: number;
  server?: string;
}): Promise<void> {
  const server = await startBenchServer({ CATALOG_FILE: options.catalog }, options.server);
  try {
    const quiet = await bystander(server.url, options.seconds, async () => undefined);
    // The flooder first spends its allowance (these searches are real work, and allowed); what
    // is measured is what it costs the service once every further search is refused.
    const spent = await spendAllowance(server.url);
    const statuses = new Map<number, number>();
    const cpuBefore = server.cpuMs();
    const flooded = await bystander(server.url, options.seconds, (until) =>
      flood(server.url, until, options.concurrency, statuses),
    );
    console.log(
      `catalog ${options.catalog}, ${options.seconds} s per phase, flood concurrency ${options.concurrency}; the flooder's ${spent} allowed searches were spent before the measured flood`,
    );
    for (const [name, s] of [
      ['/healthz alone', quiet],
      ['/healthz under flood', flooded],
    ] as const) {
      console.log(
        `${name.padEnd(22)} p50 ${ms(s.p50)}  p90 ${ms(s.p90)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  (${s.count} requests)`,
      );
    }
    const cpu = server.cpuMs() - cpuBefore;
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `flood: ${total} searches in ${options.seconds} s (${(total / options.seconds).toFixed(0)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(
      `server CPU during the flood: ${(cpu / 1000).toFixed(2)} s, ${(cpu / Math.max(1, total)).toFixed(2)} ms per refused or conditional search`,
    );
  } finally {
    await server.stop();
  }
}

async function spendAllowance(url: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let allowed = 0;
  for (let i = 0; i < 10_000; i++) {
    const status = await get(url, `/api/v1/tools?q=spend${i}`, agent, {});
    if (status === 429) break;
    allowed++;
  }
  agent.destroy();
  return allowed;
}

async function bystander(url: string, seconds: number, during: (until: number) => Promise<void>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const until = performance.now() + seconds * 1000;
  const samples: number[] = [];
  const background = during(until);
  while (performance.now() < until) {
    const started = performance.now();
    await get(url, '/healthz', agent, {});
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await background;
  agent.destroy();
  return summarise(samples);
}

async function flood(
  url: string,
  until: number,
  concurrency: number,
  statuses: Map<number, number>,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const i = n++;
        // Distinct three-letter-prefix queries: each matches much of the catalog, none repeats
        // within a run, so no result cache can absorb them.
        const q = [i % 26, Math.floor(i / 26) % 26, Math.floor(i / 676) % 26]
          .map((n) => String.fromCharCode(97 + n))
          .join(' ');
        const headers: Record<string, string> = i % 4 === 0 ? { 'If-None-Match': '*' } : {};
        const status = await get(url, `/api/v1/tools?q=${encodeURIComponent(q)}`, agent, headers);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
}

function get(
  url: string,
  path: string,
  agent: Agent,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${url}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}
