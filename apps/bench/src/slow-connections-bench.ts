import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ms, summarise } from './percentiles.js';
import { startBenchServer } from './server-process.js';

/**
 * Issue 9 finding 2: `connections` slow clients (partial headers, never finished), spread over
 * `addresses` loopback addresses (127.0.1.x), against the server with an open-file limit of
 * `fdLimit` (a common default is 1024). Each second it prints how many slow connections the
 * server still holds and how a fresh client fares: latency of `GET /healthz` on a new connection,
 * and its statuses (0 = no answer at all).
 */
export async function slowConnectionsBench(options: {
  connections: number;
  addresses: number;
  seconds: number;
  fdLimit: number;
  server?: string;
}): Promise<void> {
  const server = await startBenchServer({ CATALOG_FILE: '' }, options.server, options.fdLimit);
  const { port } = new URL(server.url);
  const slow: Socket[] = [];
  let open = 0;
  try {
    for (let i = 0; i < options.connections; i++) {
      const socket = connect({
        port: Number(port),
        host: '127.0.0.1',
        localAddress: `127.0.1.${1 + (i % options.addresses)}`,
      });
      socket.on('error', () => undefined);
      socket.on('connect', () => {
        open++;
        socket.write('GET /api/v1/tools HTTP/1.1\r\nHost: bench\r\nX-Slow: ');
      });
      socket.on('close', () => open > 0 && open--);
      socket.resume();
      slow.push(socket);
      if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    console.log(
      `${options.connections} slow connections from ${options.addresses} addresses, server open-file limit ${options.fdLimit}`,
    );
    const all: number[] = [];
    const started = performance.now();
    for (let second = 1; second <= options.seconds; second++) {
      const samples: number[] = [];
      const statuses = new Map<number, number>();
      while (performance.now() - started < second * 1000) {
        const t = performance.now();
        const status = await freshGet(server.url);
        samples.push(performance.now() - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      all.push(...samples);
      const s = summarise(samples);
      console.log(
        `t=${String(second).padStart(3)} s  slow connections still open ${String(open).padStart(5)}  fresh client p50 ${ms(s.p50)} max ${ms(s.max)}  statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    }
    const s = summarise(all);
    console.log(`fresh client overall: p50 ${ms(s.p50)} p99 ${ms(s.p99)} (${s.count} requests)`);
  } finally {
    for (const socket of slow) socket.destroy();
    await server.stop();
  }
}

/** GET /healthz on a new connection from 127.0.0.1; 0 when the server gave no answer. */
function freshGet(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${url}/healthz`, { agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}
