import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { LivePublication } from '@reviews/application';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../src/logging/logger.js';
import { REQUESTS_PER_BATCH, ServiceMetrics } from '../src/metrics/service-metrics.js';
import { Counter, Histogram, Registry } from 'prom-client';
import { startServer, type RunningServer } from '../src/server.js';
import { servedContainer } from './support/served-container.js';
import { REPO_ROOT } from './support/server-process.js';
import {
  REDIS_TEST_URL,
  describeWithRedis,
} from '../../../packages/adapters-persistence/test/rate-limiting/redis-test-server.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reviews-metrics-'));
  dirs.push(dir);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    DATA_DIR: dir,
    ...env,
  });
  return startServer(config, createLogger('silent'));
}

/** The value of the first sample whose line starts with `prefix`, or undefined. */
function sample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const withRedis = await describeWithRedis();

describe('/metrics', () => {
  it('counts requests by route pattern and status, refusals by bucket, and shows the publication', async () => {
    const server = await start({ RATE_LIMIT_SEARCH: '2' });
    try {
      for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/v1/tools?q=postgres`);
      await fetch(`${server.url}/api/v1/tools/no-such-tool`);
      await fetch(`${server.url}/nowhere`);
      const response = await fetch(server.metricsUrl as string);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(
        sample(
          text,
          'reviews_http_requests_total{method="GET",route="/api/v1/tools",status="200"}',
        ),
      ).toBe(2);
      expect(
        sample(
          text,
          'reviews_http_requests_total{method="GET",route="/api/v1/tools",status="429"}',
        ),
      ).toBe(1);
      expect(
        sample(
          text,
          'reviews_http_requests_total{method="GET",route="/api/v1/tools/:id",status="404"}',
        ),
      ).toBe(1);
      expect(
        sample(text, 'reviews_http_requests_total{method="GET",route="(none)",status="404"}'),
      ).toBe(1);
      expect(text).toContain(
        'reviews_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/v1/tools",status="200"}',
      );
      expect(sample(text, 'reviews_rate_limit_rejections_total{bucket="search"}')).toBe(1);
      expect(text).toMatch(/^reviews_publication_info\{publication_id="[0-9a-f]{16}"\} 1$/m);
      expect(sample(text, 'reviews_publication_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(text).toContain('nodejs_eventloop_lag_max_seconds');
      // Without REDIS_URL there is no fallback to report; the durable outbox has nothing queued.
      expect(text).not.toContain('reviews_rate_limit_redis_fallback');
      expect(sample(text, 'reviews_mail_backlog')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('answers on a listener of its own, at the port actually bound, with no CORS header at all', async () => {
    const server = await start({});
    try {
      const metricsUrl = server.metricsUrl as string;
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
      const fromAPage = { headers: { Origin: 'https://evil.example' } };
      const answers = [
        await fetch(metricsUrl, fromAPage),
        await fetch(metricsUrl, { method: 'HEAD', ...fromAPage }),
        await fetch(metricsUrl.replace('/metrics', '/other'), fromAPage),
        await fetch(metricsUrl, {
          method: 'OPTIONS',
          headers: { ...fromAPage.headers, 'Access-Control-Request-Method': 'GET' },
        }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 404]);
      expect(await answers[0]!.text()).toContain('reviews_http_requests_total');
      // The frame every response carries, here too.
      for (const answer of answers) {
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]+$/);
      }
      const traced = await fetch(metricsUrl, { headers: { 'X-Request-Id': 'scrape-1' } });
      expect(traced.headers.get('x-request-id')).toBe('scrape-1');
      for (const answer of answers) {
        expect(
          [...answer.headers.keys()].filter((name) => name.startsWith('access-control-')),
        ).toEqual([]);
      }
    } finally {
      await server.close();
    }
  });

  // The service's public handler under the default settings (no METRICS_PORT given), on a port
  // of its own; startServer would also open the metrics listener on 9464.
  it.each<Record<string, string>>([{}, { METRICS_ENABLED: 'false' }])(
    "answers the public port's /metrics like any unknown path (%p)",
    async (env) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'reviews-metrics-'));
      dirs.push(dir);
      const served = await servedContainer(loadConfig({ DATA_DIR: dir, ...env }));
      try {
        const answer = async (path: string) => {
          const response = await fetch(`${served.url}${path}`);
          // Every header the same, but for the request's own id and date, and the quota left.
          const headers = Object.fromEntries(
            [...response.headers]
              .filter(([name]) => !['date', 'x-request-id', 'content-length'].includes(name))
              .map(([name, value]) => [
                name,
                name === 'ratelimit' ? value.replace(/r=\d+/, 'r=…') : value,
              ]),
          );
          return { status: response.status, headers, body: await response.text() };
        };
        const metrics = await answer('/metrics');
        const unknown = await answer('/no-such-page');
        expect(metrics.status).toBe(404);
        expect(metrics.body).not.toContain('reviews_');
        expect(metrics.body).not.toContain('process_resident_memory_bytes');
        expect(metrics.body.replaceAll('/metrics', '/no-such-page')).toBe(unknown.body);
        expect(metrics.headers).toEqual(unknown.headers);
      } finally {
        await served.close();
      }
    },
  );

  it('refuses to start when METRICS_PORT cannot be bound, naming METRICS_PORT and METRICS_HOST', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(start({ METRICS_PORT: String(port) })).rejects.toThrow(
        `METRICS_HOST=127.0.0.1 METRICS_PORT=${port} (EADDRINUSE)`,
      );
    } finally {
      taken.close();
    }
  });

  it('reports 1 while Redis is unreachable and limits are counted in process', async () => {
    const server = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect((await fetch(`${server.url}/api/v1/tools`)).status).toBe(200);
      const text = await (await fetch(server.metricsUrl as string)).text();
      expect(sample(text, 'reviews_rate_limit_redis_fallback')).toBe(1);
    } finally {
      await server.close();
    }
  });

  withRedis('with Redis', () => {
    it('reports 0 while Redis counts', async () => {
      const server = await start({ REDIS_URL: REDIS_TEST_URL });
      try {
        const text = await (await fetch(server.metricsUrl as string)).text();
        expect(sample(text, 'reviews_rate_limit_redis_fallback')).toBe(0);
      } finally {
        await server.close();
      }
    });
  });

  it('exposes the mail backlog when the mail side provides a count', async () => {
    const metrics = new ServiceMetrics({
      live: new LivePublication(),
      mailBacklog: { pending: () => Promise.resolve(7) },
    });
    const { body } = await metrics.render();
    expect(sample(body, 'reviews_mail_backlog')).toBe(7);
    expect(body).not.toContain('reviews_publication_info{');
  });

  it("exports exactly the service's metrics docs/operations.md's Metrics section lists", async () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    const section = readme.split(/^## Metrics$/m)[1]?.split(/^## /m)[0] ?? '';
    const listed = section
      .split('\n')
      .filter((line) => line.startsWith('| `reviews_'))
      .map((line) => /^\| `(reviews_[a-z_]+)/.exec(line)?.[1]);
    // Every source given, as the service gives them (the Redis one only with REDIS_URL).
    const metrics = new ServiceMetrics(
      {
        live: new LivePublication(),
        redisReady: () => true,
        mailBacklog: { pending: () => Promise.resolve(0) },
      },
      { processMetrics: false },
    );
    const exported = [...(await metrics.render()).body.matchAll(/^# TYPE (reviews_\S+)/gm)].map(
      (match) => match[1],
    );
    expect(listed.sort()).toEqual(exported.sort());
  });

  it('counts requests told in batches exactly as prom-client told of each one counts them', async () => {
    const batched = new ServiceMetrics({ live: new LivePublication() }, { processMetrics: false });
    const registry = new Registry();
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'reviews_http_requests_total',
      help: 'x',
      labelNames,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'reviews_http_request_duration_seconds',
      help: 'x',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const routes = ['/api/v1/tools', '/api/v1/tools/:id', '(none)'];
    const lines = async () =>
      (await batched.render()).body
        .split('\n')
        .filter((line) => line.startsWith('reviews_http_request'))
        .sort();
    const expected = async () =>
      (await registry.metrics())
        .split('\n')
        .filter((line) => line.startsWith('reviews_http_request'))
        .sort();
    // More than two batches, then a scrape with some waiting; then more after the scrape.
    for (const count of [REQUESTS_PER_BATCH * 2 + 37, 5]) {
      for (let i = 0; i < count; i++) {
        const method = i % 7 === 0 ? 'HEAD' : 'GET';
        const route = routes[i % routes.length]!;
        const status = i % 11 === 0 ? 404 : 200;
        const seconds = ((i * 7919) % 3000) / 1000;
        batched.observeRequest(method, route, status, seconds);
        const labels = { method, route, status: String(status) };
        requests.inc(labels);
        latency.observe(labels, seconds);
      }
      const told = await lines();
      expect(told.length).toBeGreaterThan(40);
      expect(told).toEqual(await expected());
    }
  });

  it('tells prom-client of waiting requests once a batch is full, scrape or not', () => {
    const metrics = new ServiceMetrics({ live: new LivePublication() }, { processMetrics: false });
    const latency = metrics.registry.getSingleMetric('reviews_http_request_duration_seconds');
    if (!(latency instanceof Histogram)) throw new Error('no latency histogram');
    const observe = jest.spyOn(latency, 'observe');
    try {
      for (let i = 0; i < REQUESTS_PER_BATCH - 1; i++)
        metrics.observeRequest('GET', i % 2 === 0 ? '/a' : '/b', 200, 0.001);
      expect(observe).not.toHaveBeenCalled();
      metrics.observeRequest('GET', '/a', 200, 0.001);
      expect(observe).toHaveBeenCalledTimes(REQUESTS_PER_BATCH);
    } finally {
      observe.mockRestore();
    }
  });

  it('can leave out the process metrics, for a scratch instance that warms the code', async () => {
    const scratch = new ServiceMetrics({ live: new LivePublication() }, { processMetrics: false });
    scratch.observeRequest('GET', '/api/v1/tools', 200, 0.002);
    const { body } = await scratch.render();
    expect(
      sample(body, 'reviews_http_requests_total{method="GET",route="/api/v1/tools",status="200"}'),
    ).toBe(1);
    expect(body).not.toContain('process_resident_memory_bytes');
    expect(body).not.toContain('nodejs_eventloop_lag');
  });
});
