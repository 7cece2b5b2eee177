import { afterAll, afterEach, beforeEach, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogDocument } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../../src/logging/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { TcpProxy } from '../../../../packages/adapters-persistence/test/rate-limiting/tcp-proxy.js';

/** One fresh database for a test of the server: how to reach it, publish into it and drop it. */
export interface ServerDatabaseUnderTest {
  /** The setting that names it (`MONGODB_URL`, `DATABASE_URL`) and its URL. */
  readonly env: Record<string, string>;
  /** Where the database server listens, for a proxy put in front of it. */
  readonly address: { readonly host: string; readonly port: number };
  /** The same setting naming this database through a proxy on 127.0.0.1:`port`. */
  readonly throughProxy: (port: number) => Record<string, string>;
  /** Publishes `catalog` as the live publication the way the CLI does. */
  readonly publish: (catalog: CatalogDocument) => Promise<void>;
  readonly drop: () => Promise<void>;
}

/** The database a server runs on, as the suite names it: `MongoDB`, `PostgreSQL`. */
export interface ServerDatabase {
  readonly name: string;
  /** The database's check on /readyz (`mongodb`, `postgres`). */
  readonly readinessCheck: string;
  readonly open: () => Promise<ServerDatabaseUnderTest>;
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

/**
 * The server on a shared database (`MONGODB_URL`, `DATABASE_URL`): not ready until the first
 * publication, then serving each new one; through an outage of the database it keeps serving
 * reads and metrics, answers signups 503 within seconds whatever instant the outage hits, says so
 * on /readyz, and recovers. `declarer` is `describe`, or `describe.skip` when the database is
 * missing outside CI (its helper has said so loudly).
 */
export function describeServerOnDatabase(
  name: string,
  declarer: (name: string, body: () => void) => void,
  database: ServerDatabase,
): void {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>): Promise<RunningServer> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reviews-server-on-database-'));
    dataDirs.push(dataDir);
    const config = loadConfig({
      PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CATALOG_REFRESH_INTERVAL_MS: '200',
      ...env,
    });
    return startServer(config, createLogger('silent'));
  }

  const check = database.readinessCheck;

  declarer(name, () => {
    let opened: ServerDatabaseUnderTest;
    let server: RunningServer | undefined;
    beforeEach(async () => {
      opened = await database.open();
    });
    afterEach(async () => {
      await server?.close();
      server = undefined;
      await opened.drop();
    });

    it('starts on an empty database not ready, then serves the first publication', async () => {
      server = await start(opened.env);
      const notReady = await fetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({
        checks: { catalog: false, subscriptions: true, [check]: true },
      });

      await opened.publish(catalog('first'));
      const url = server.url;
      await until(async () => (await fetch(`${url}/readyz`)).status === 200);
      const found = (await (await fetch(`${url}/api/v1/tools/first-tool`)).json()) as {
        tool: { id: string };
      };
      expect(found.tool.id).toBe('first-tool');
      const metrics = await (await fetch(server.metricsUrl!)).text();
      expect(metrics).toMatch(/^reviews_publication_info\{publication_id="[0-9a-f]{16}"\} 1$/m);
      expect(metrics).toMatch(/^reviews_mail_backlog 0$/m);

      await opened.publish(catalog('second'));
      await until(async () => (await fetch(`${url}/api/v1/tools/second-tool`)).status === 200);
      expect((await fetch(`${url}/api/v1/tools/first-tool`)).status).toBe(404);
    });

    it(`keeps serving reads through a ${database.name} outage, answers signups 503 and says so on /readyz`, async () => {
      await opened.publish(catalog('steady'));
      const proxy = await TcpProxy.open(opened.address);
      try {
        server = await start(opened.throughProxy(proxy.port));
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
          checks: { catalog: true, subscriptions: false, [check]: false },
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

    // Which instant the outage hits matters (a write on a socket the server had just closed
    // once left a signup unanswered for good: see test/mongodb/server-on-mongodb.test.ts), so
    // it is hit at several.
    it(`answers a signup 503 within seconds whatever instant ${database.name} goes away at`, async () => {
      await opened.publish(catalog('steady'));
      for (const delayMs of [0, 10, 25, 40, 60]) {
        const proxy = await TcpProxy.open(opened.address);
        try {
          server = await start(opened.throughProxy(proxy.port));
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
}
