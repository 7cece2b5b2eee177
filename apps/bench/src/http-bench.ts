import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const SERVER_MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const UNLIMITED = '1000000000';

interface Target {
  readonly name: string;
  request(base: string): Promise<Response>;
}

/**
 * REST search vs MCP `search_tools` for the same query, over loopback against the built server in
 * a child process (limits raised), alternating rounds so both see the same machine load. Prints
 * requests/s of each and the ratio.
 */
export async function httpBench(options: {
  catalog: string;
  q: string;
  requests: number;
  concurrency: number;
  rounds: number;
}): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-http-'));
  const server = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_FILE: options.catalog,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_API: UNLIMITED,
      RATE_LIMIT_SEARCH: UNLIMITED,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const base = await listeningUrl(server.stdout);
    const query = new URLSearchParams({ q: options.q }).toString();
    const targets: Target[] = [
      { name: 'REST GET /api/v1/tools', request: (b) => fetch(`${b}/api/v1/tools?${query}`) },
      {
        name: 'MCP search_tools',
        request: (b) =>
          fetch(`${b}/mcp`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
            },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'search_tools', arguments: { q: options.q } },
            }),
          }),
      },
    ];
    for (const target of targets) await run(target, base, 200, options.concurrency);
    const totals = new Map<string, { requests: number; seconds: number }>();
    for (let round = 0; round < options.rounds; round++) {
      for (const target of targets) {
        const seconds = await run(target, base, options.requests, options.concurrency);
        const total = totals.get(target.name) ?? { requests: 0, seconds: 0 };
        totals.set(target.name, {
          requests: total.requests + options.requests,
          seconds: total.seconds + seconds,
        });
      }
    }
    console.log(
      `q=${JSON.stringify(options.q)}, ${options.rounds} alternating rounds of ${options.requests} requests, concurrency ${options.concurrency}`,
    );
    const rates = targets.map((t) => {
      const total = totals.get(t.name)!;
      const rate = total.requests / total.seconds;
      console.log(`${t.name.padEnd(24)} ${rate.toFixed(0)} requests/s`);
      return rate;
    });
    console.log(`MCP / REST ratio         ${((rates[1] ?? 0) / (rates[0] ?? 1)).toFixed(2)}`);
  } finally {
    server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(
  target: Target,
  base: string,
  requests: number,
  concurrency: number,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const res = await target.request(base);
        if (res.status !== 200) throw new Error(`${target.name} answered ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

function listeningUrl(stdout: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line !== undefined) resolve((JSON.parse(line) as { url: string }).url);
    });
    stdout.on('end', () => reject(new Error('the server exited before listening')));
  });
}
