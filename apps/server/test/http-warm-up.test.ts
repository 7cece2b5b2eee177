import { afterAll, describe, expect, it } from '@jest/globals';
import { BUCKETS, RateLimitedQuota, type RequestQuota } from '@reviews/application';
import { CountingRateLimiter, SettableClock } from '@reviews/application/testing';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '@reviews/service-common';
import type { Logger } from '../src/logging/logger.js';
import { ServiceMetrics } from '../src/metrics/service-metrics.js';
import { observedListener, ownQuota, warmUpHttpPath } from '../src/publication/http-warm-up.js';
import { startServer } from '../src/server.js';
import { servedContainer as serveContainer } from './support/served-container.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function configWith(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'reviews-http-warm-up-'));
  dirs.push(dir);
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    ...env,
  });
}

/** A pino logger whose lines (parsed) land in `lines`, with the time each was written. */
function capturingLogger(lines: { msg: string; at: number; [field: string]: unknown }[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n'))
        if (text !== '')
          lines.push({ ...(JSON.parse(text) as { msg: string }), at: performance.now() });
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

/** A published container and the public request handler, served on a listener of its own. */
/**
 * Four searches that each find a tool of the sample catalog, so each costs one unit of `search`
 * (one that finds nothing also pays its corrections and closest tools: docs/api.md#what-a-search-costs).
 */
const ORDINARY_SEARCHES = ['quillsort', 'burrowgrep', 'lanternfind', 'flakeguard'];

const servedContainer = (env: Record<string, string>, logger?: Logger) =>
  serveContainer(configWith(env), logger);

/** What a client sees of an answer, without the fields that differ per request or per second. */
async function answer(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const shown = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['date', 'x-request-id', 'ratelimit', 'server-timing'].includes(name),
    ),
  );
  return {
    status: response.status,
    headers: shown,
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  };
}

describe('warming the HTTP path before the public listener opens', () => {
  it('leaves every answer, headers and bytes, as an unwarmed service gives it', async () => {
    const warm = await servedContainer({});
    const cold = await servedContainer({});
    try {
      const warmUp = await warmUpHttpPath(warm.live, warm.handle);
      expect(warmUp.requests).toBeGreaterThan(50);
      const tool = warm.live.current()!.tools[0]!;
      const paths = [
        `/api/v1/tools?q=${encodeURIComponent(tool.name)}`,
        `/api/v1/tools?q=${encodeURIComponent(tool.name.slice(0, 3))}&cursor=20`,
        '/api/v1/tools?cursor=3',
        `/api/v1/tools/${encodeURIComponent(tool.id)}`,
        ...(tool.category === null
          ? []
          : [`/api/v1/tools?category=${encodeURIComponent(tool.category)}`]),
        '/api/v1/tools?q=',
        '/api/v1/tools/no-such-tool',
      ];
      for (const pathAndQuery of paths)
        for (const encoding of ['br', 'gzip', 'identity']) {
          const headers = { 'Accept-Encoding': encoding };
          expect(await answer(`${warm.url}${pathAndQuery}`, headers)).toEqual(
            await answer(`${cold.url}${pathAndQuery}`, headers),
          );
        }
    } finally {
      await warm.close();
      await cold.close();
    }
  });

  it('charges no rate-limit bucket and writes no access log line', async () => {
    const lines: { msg: string; at: number }[] = [];
    const served = await servedContainer(
      { RATE_LIMIT_SEARCH: '3', RATE_LIMIT_API: '100' },
      capturingLogger(lines),
    );
    try {
      const warmUp = await warmUpHttpPath(served.live, served.handle);
      expect(warmUp.requests).toBeGreaterThan(50);
      expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
      // The first client still gets exactly its 3 searches (from the same loopback address).
      const statuses = [];
      for (const q of ORDINARY_SEARCHES)
        statuses.push((await fetch(`${served.url}/api/v1/tools?q=${q}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(lines.filter((line) => line.msg === 'request')).toHaveLength(4);
    } finally {
      await served.close();
    }
  });

  it('writes its access log lines to its own log, which the service never sees', async () => {
    const lines: { msg: string; at: number }[] = [];
    const own: { msg: string; at: number; path?: unknown; status?: unknown }[] = [];
    const served = await servedContainer({}, capturingLogger(lines));
    try {
      const warmUp = await warmUpHttpPath(
        served.live,
        served.handle,
        undefined,
        undefined,
        capturingLogger(own),
      );
      // One line a request, through the cached-read path and Express's alike (both are met).
      expect(own.filter((line) => line.msg === 'request')).toHaveLength(warmUp.requests);
      expect(own.some((line) => line.path === '/readyz' && line.status === 200)).toBe(true);
      expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
      await fetch(`${served.url}/api/v1/tools?q=alpha`);
      expect(lines.filter((line) => line.msg === 'request')).toHaveLength(1);
      expect(own.filter((line) => line.msg === 'request')).toHaveLength(warmUp.requests);
    } finally {
      await served.close();
    }
  });

  it('is observed by the scratch metrics it is given, not by the service metrics', async () => {
    const served = await servedContainer({});
    try {
      const scratch = new ServiceMetrics({ live: served.live }, { processMetrics: false });
      const warmUp = await warmUpHttpPath(
        served.live,
        served.handle,
        observedListener((handler) => createServer(handler), scratch),
      );
      const { body } = await scratch.render();
      const observed = body
        .split('\n')
        .filter((line) => line.startsWith('reviews_http_requests_total{'))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
      expect(observed).toBe(warmUp.requests);
      expect(body).toContain('route="/api/v1/tools"');
    } finally {
      await served.close();
    }
  });

  it('charges its searches to its own quota, as a client search is charged, before the first client', async () => {
    const served = await servedContainer({ RATE_LIMIT_SEARCH: '3' });
    try {
      const charged: string[] = [];
      const counting = new RateLimitedQuota(new CountingRateLimiter(new SettableClock(), {}));
      const own: RequestQuota = {
        charge: (clientKey, buckets) => {
          charged.push(buckets.join('+'));
          return counting.charge(clientKey, buckets);
        },
      };
      await warmUpHttpPath(served.live, served.handle, undefined, own);
      // Searches (Express and the cached-read path) and details alike ran the charging code.
      expect(charged.filter((buckets) => buckets === 'api+search').length).toBeGreaterThan(20);
      expect(charged).toContain('api');
      const statuses = [];
      for (const q of ORDINARY_SEARCHES)
        statuses.push((await fetch(`${served.url}/api/v1/tools?q=${q}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await served.close();
    }
  });

  it('charges each of its connections under a key of its own, as new clients are charged', async () => {
    const served = await servedContainer({});
    try {
      const chargesByKey = new Map<string, number>();
      const counting = ownQuota();
      const own: RequestQuota = {
        charge: (clientKey, buckets) => {
          chargesByKey.set(clientKey, (chargesByKey.get(clientKey) ?? 0) + 1);
          return counting.charge(clientKey, buckets);
        },
      };
      await warmUpHttpPath(served.live, served.handle, undefined, own);
      // A client's first request creates its buckets: under one key (all warm-up connections
      // come from 127.0.0.1) that ran once, and ran cold on the first client's request.
      expect(chargesByKey.has('127.0.0.1')).toBe(false);
      // Keys charged again too, so counting in an existing bucket runs as well.
      const chargedAgain = [...chargesByKey.values()].filter((charges) => charges > 1);
      expect(chargedAgain.length).toBeGreaterThanOrEqual(10);
    } finally {
      await served.close();
    }
  });

  it('has a quota of its own that never refuses, so the warm-up never meets a 429', async () => {
    const quota = ownQuota();
    for (let i = 0; i < 1_000; i++) {
      const outcome = await quota.charge('127.0.0.1', [BUCKETS.api, BUCKETS.search]);
      expect(outcome.allowed).toBe(true);
    }
  });

  it('charges its own quota through the decoration given, as the service decorates its limiter', async () => {
    const consumed: string[] = [];
    const quota = ownQuota((limiter) => ({
      consume: (bucket, key) => {
        consumed.push(bucket);
        return limiter.consume(bucket, key);
      },
    }));
    const outcome = await quota.charge('127.0.0.1', [BUCKETS.api, BUCKETS.search]);
    expect(outcome.allowed).toBe(true);
    expect(consumed).toEqual([BUCKETS.api, BUCKETS.search]);
    // Sizes of the kind a client's buckets have (small integers, not heap numbers), so the
    // quota's compiled code sees the shapes a client's charge brings.
    for (const decision of outcome.decisions) {
      expect(Number.isInteger(decision.limit)).toBe(true);
      expect(decision.limit).toBeLessThanOrEqual(2 ** 30 - 1);
    }
  });

  it('asks queries with spaces both as %20 and as +, as clients send them', async () => {
    const served = await servedContainer({});
    try {
      const seen: string[] = [];
      const spy = (req: IncomingMessage, res: ServerResponse) => {
        seen.push(req.url ?? '');
        served.handle(req, res);
      };
      await warmUpHttpPath(served.live, spy);
      expect(seen.some((url) => /[?&]q=[^&]*%20/.test(url))).toBe(true);
      expect(seen.some((url) => /[?&]q=[^&]*\+/.test(url))).toBe(true);
    } finally {
      await served.close();
    }
  });

  it('asks the health probes and sends the headers most clients send, as a first client does', async () => {
    const served = await servedContainer({});
    try {
      const probes = new Map<string, number[]>();
      const userAgents = new Set<string | undefined>();
      const spy = (req: IncomingMessage, res: ServerResponse) => {
        userAgents.add(req.headers['user-agent']);
        if (req.url === '/readyz' || req.url === '/healthz')
          res.once('finish', () =>
            probes.set(req.url!, [...(probes.get(req.url!) ?? []), res.statusCode]),
          );
        served.handle(req, res);
      };
      await warmUpHttpPath(served.live, spy);
      // On several connections each, and answered as a client's probe is.
      expect(probes.get('/readyz')?.length).toBeGreaterThanOrEqual(3);
      expect(probes.get('/healthz')?.length).toBeGreaterThanOrEqual(3);
      expect(new Set([...probes.values()].flat())).toEqual(new Set([200]));
      // Some requests with a User-Agent (as browsers and HTTP libraries send), some without.
      expect(userAgents.has(undefined)).toBe(true);
      expect(userAgents.size).toBeGreaterThan(1);
    } finally {
      await served.close();
    }
  });

  it('serves only connections it opened itself on its private listener', async () => {
    const served = await servedContainer({});
    try {
      const seen: string[] = [];
      let stranger: Promise<string> | undefined;
      const spy = (req: IncomingMessage, res: ServerResponse) => {
        seen.push(req.url ?? '');
        // During the warm-up, someone else on this host finds the private port and asks.
        stranger ??= new Promise((resolve) => {
          let received = '';
          const socket = connect(req.socket.localPort!, '127.0.0.1', () =>
            socket.write('GET /api/v1/tools?q=stranger HTTP/1.1\r\nHost: x\r\n\r\n'),
          );
          socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
          socket.once('close', () => resolve(received));
          socket.once('error', () => undefined);
        });
        served.handle(req, res);
      };
      const warmUp = await warmUpHttpPath(served.live, spy);
      expect(await stranger).toBe('');
      expect(seen).toHaveLength(warmUp.requests);
      expect(seen.some((url) => url.includes('stranger'))).toBe(false);
    } finally {
      await served.close();
    }
  });

  it('meets many sockets, each reused for several requests, as clients bring them', async () => {
    const served = await servedContainer({});
    try {
      const requestsBySocket = new Map<number, number>();
      const spy = (req: IncomingMessage, res: ServerResponse) => {
        const port = req.socket.remotePort!;
        requestsBySocket.set(port, (requestsBySocket.get(port) ?? 0) + 1);
        served.handle(req, res);
      };
      const warmUp = await warmUpHttpPath(served.live, spy);
      // Code compiled for one or two sockets is thrown away when a client's socket arrives.
      expect(requestsBySocket.size).toBeGreaterThanOrEqual(10);
      // Kept-alive connections too: every socket carried more than one request.
      expect(Math.min(...requestsBySocket.values())).toBeGreaterThan(1);
      expect([...requestsBySocket.values()].reduce((a, b) => a + b, 0)).toBe(warmUp.requests);
    } finally {
      await served.close();
    }
  });

  it('binds the public port before the catalog is read: a taken PORT stops the start before publishing or warming up', async () => {
    const holder = createServer();
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as AddressInfo;
    const lines: { msg: string; at: number }[] = [];
    try {
      await expect(
        startServer(configWith({ PORT: String(port) }), capturingLogger(lines)),
      ).rejects.toThrow(`PORT=${port} on HOST=127.0.0.1 is in use (EADDRINUSE)`);
      expect(lines.map((line) => line.msg)).not.toContain('catalog published');
      expect(lines.map((line) => line.msg)).not.toContain('HTTP path warmed up');
    } finally {
      holder.close();
    }
  });

  it('fails within its budget when a request never answers, instead of hanging', async () => {
    const served = await servedContainer({});
    try {
      const started = performance.now();
      const stuck = warmUpHttpPath(served.live, () => undefined);
      await expect(stuck).rejects.toThrow(/did not answer in 1500 ms/);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await served.close();
    }
  });
});
