import { afterAll, afterEach, beforeEach, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PostgresCatalogSource } from '@reviews/adapters-persistence';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../../src/logging/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import {
  POSTGRES_TEST_URL,
  describeWithPostgres,
  openPostgresTestDatabase,
  type PostgresTestDatabase,
} from '../../../../test/postgres/postgres-test-database.js';
import { TcpProxy } from '../../../../packages/adapters-persistence/test/rate-limiting/tcp-proxy.js';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function start(databaseUrl: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reviews-postgres-'));
  dataDirs.push(dataDir);
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    CATALOG_REFRESH_INTERVAL_MS: '200',
  });
  return startServer(config, createLogger('silent'));
}

const catalog = (name: string) =>
  aCatalog(aTool().withId(`${name}-tool`).named(`${name} tool`).withReviews(aReview()));

async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A signup that fails the test with a clear error, instead of hanging, after `ms`. */
const signup = (url: string, email: string, ms = 20_000) =>
  fetch(`${url}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
    signal: AbortSignal.timeout(ms),
  });

const describePostgres = await describeWithPostgres();

/** The same behaviour as test/mongodb/server-on-mongodb.test.ts, on PostgreSQL. */
describePostgres(`the server with DATABASE_URL (on ${POSTGRES_TEST_URL})`, () => {
  let database: PostgresTestDatabase;
  let server: RunningServer | undefined;
  beforeEach(async () => {
    database = await openPostgresTestDatabase('server');
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await database.drop();
  });

  it('starts on an empty database not ready, then serves the first publication', async () => {
    server = await start(database.url);
    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({
      checks: { catalog: false, subscriptions: true, postgres: true },
    });

    await new PostgresCatalogSource(database.connection).publish(catalog('first'));
    const url = server.url;
    await until(async () => (await fetch(`${url}/readyz`)).status === 200);
    const found = (await (await fetch(`${url}/api/v1/tools/first-tool`)).json()) as {
      tool: { id: string };
    };
    expect(found.tool.id).toBe('first-tool');
    const metrics = await (await fetch(server.metricsUrl!)).text();
    expect(metrics).toMatch(/^reviews_publication_info\{publication_id="[0-9a-f]{16}"\} 1$/m);
    expect(metrics).toMatch(/^reviews_mail_backlog 0$/m);

    await new PostgresCatalogSource(database.connection).publish(catalog('second'));
    await until(async () => (await fetch(`${url}/api/v1/tools/second-tool`)).status === 200);
    expect((await fetch(`${url}/api/v1/tools/first-tool`)).status).toBe(404);
  });

  it('keeps serving reads through a PostgreSQL outage, answers signups 503 and says so on /readyz', async () => {
    await new PostgresCatalogSource(database.connection).publish(catalog('steady'));
    const proxy = await TcpProxy.open(postgresServer());
    try {
      server = await start(proxiedUrl(database.url, proxy.port));
      expect((await signup(server.url, 'before@example.com')).status).toBe(200);

      await proxy.stop();
      const during = await signup(server.url, 'during@example.com');
      expect(during.status).toBe(503);
      expect((await fetch(`${server.url}/api/v1/tools?q=steady`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/v1/tools/steady-tool`)).status).toBe(200);
      // The metrics listener answers through the outage, the live publication still on it.
      const metrics = await fetch(server.metricsUrl!);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(
        /^reviews_publication_info\{publication_id="[0-9a-f]{16}"\} 1$/m,
      );
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        checks: { catalog: true, subscriptions: false, postgres: false },
      });

      await proxy.start();
      const url = server.url;
      await until(async () => (await fetch(`${url}/readyz`)).status === 200, 15_000);
      expect((await signup(url, 'after@example.com')).status).toBe(200);
    } finally {
      await server?.close();
      server = undefined;
      await proxy.stop();
    }
  }, 60_000);
  it('answers a signup 503 within seconds whatever instant PostgreSQL goes away at', async () => {
    await new PostgresCatalogSource(database.connection).publish(catalog('steady'));
    for (const delayMs of [0, 10, 25, 40, 60]) {
      const proxy = await TcpProxy.open(postgresServer());
      try {
        server = await start(proxiedUrl(database.url, proxy.port));
        expect((await signup(server.url, `before-${delayMs}@example.com`)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await proxy.stop();
        const started = Date.now();
        const during = await signup(server.url, `during-${delayMs}@example.com`, 12_000);
        expect({ delayMs, status: during.status }).toEqual({ delayMs, status: 503 });
        expect(Date.now() - started).toBeLessThan(12_000);
      } finally {
        await server?.close();
        server = undefined;
        await proxy.stop();
      }
    }
  }, 120_000);
});

/** Where the test PostgreSQL listens. */
function postgresServer(): { host: string; port: number } {
  const url = new URL(POSTGRES_TEST_URL);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

/** `url` with its host replaced by the proxy's. */
function proxiedUrl(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${port}`;
  return proxied.toString();
}
