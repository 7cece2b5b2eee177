import { once } from 'node:events';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** One GET over a kept-alive connection; its latency as the client sees it, body read. */
export function timedGet(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else resolve(performance.now() - started);
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Compiles this process's own HTTP client path (request, response parsing, keep-alive) against
 * a throw-away local server, so that the first search measured is the server's first, not the
 * client's.
 */
export async function warmUpClient(): Promise<void> {
  const body = JSON.stringify({ items: Array.from({ length: 20 }, (_, i) => ({ id: `t${i}` })) });
  const local = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  local.listen(0, '127.0.0.1');
  await once(local, 'listening');
  const { port } = local.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 200; i++) await timedGet(agent, `http://127.0.0.1:${port}/?q=${i}`);
  } finally {
    agent.destroy();
    local.close();
  }
}

export async function waitUntilReady(url: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    if (res?.status === 200) return;
    await res?.arrayBuffer();
    await sleep(25);
  }
}
