import { afterAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

/**
 * Several instances on one host with only PORT and DATA_DIR set apart (docs/operations.md#metrics,
 * #starting): no default may make the second one fail, and a start that cannot bind fails before
 * it reads the catalog.
 */
const work = mkdtempSync(path.join(tmpdir(), 'reviews-side-by-side-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const DEFAULT_METRICS_PORT = 9464;

/**
 * Listens on `port` of loopback, waiting up to 20 s for another process on this host to let it
 * go: the test must hold it itself, or a process that frees it mid-test would hand it over.
 */
async function hold(port: number): Promise<Server> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const server = createServer();
    server.listen(port, '127.0.0.1');
    try {
      await once(server, 'listening');
      return server;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`port ${port} stays taken by another process`, { cause: error });
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

describe('instances side by side', () => {
  it('start with only PORT and DATA_DIR apart while 9464 is taken: each warns in one line and serves metrics on a free port its start line names', async () => {
    const held = await hold(DEFAULT_METRICS_PORT);
    const instances: ServerProcess[] = [];
    try {
      for (const name of ['one', 'two']) {
        instances.push(
          startServerProcess({
            PORT: String(await freePort()),
            DATA_DIR: path.join(work, name),
            METRICS_PORT: undefined,
            SHUTDOWN_DRAIN_MS: '0',
          }),
        );
      }
      for (const instance of instances) {
        await instance.listening;
        const start = /^Listening on (\S+) \(catalog: .*, metrics at (\S+)\)\./.exec(
          await instance.listeningLine,
        );
        const metricsUrl = new URL(start?.[2] ?? 'http://invalid');
        expect(metricsUrl.port).not.toBe(String(DEFAULT_METRICS_PORT));
        expect((await fetch(metricsUrl)).status).toBe(200);
        const warnings = instance
          .output()
          .split('\n')
          .filter((line) =>
            line.includes(`metrics port ${DEFAULT_METRICS_PORT} on 127.0.0.1 is taken`),
          );
        expect(warnings).toHaveLength(1);
      }
    } finally {
      for (const instance of instances) instance.signal('SIGTERM');
      await Promise.all(instances.map((instance) => instance.exited));
      held.close();
    }
  }, 90_000);

  it('stops a start whose PORT is taken before reading or indexing the catalog', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const server = startServerProcess({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'taken'),
      });
      expect(await server.exited).not.toBe(0);
      expect(server.output()).toContain(`PORT=${port} on HOST=127.0.0.1 is in use (EADDRINUSE)`);
      expect(server.output()).not.toContain('"msg":"catalog published"');
      expect(server.output()).not.toContain('"msg":"read path warmed up"');
    } finally {
      taken.close();
    }
  }, 60_000);
});
