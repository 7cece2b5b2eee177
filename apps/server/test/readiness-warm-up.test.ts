import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT, startServerProcess, type ServerProcess } from './support/server-process.js';

/**
 * The ports are bound before the catalog is read (docs/operations.md#starting); a load balancer
 * that asks `/readyz` meanwhile must not send traffic to the instance before its warm-up is done
 * (docs/operations.md#readiness-and-warm-up). The built server in a process of its own, on a
 * 5,000-tool catalog.
 */
const work = mkdtempSync(path.join(tmpdir(), 'reviews-readiness-'));
const catalogFile = path.join(work, 'catalog-5k.json');
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(() => {
  execFileSync(
    process.execPath,
    ['apps/catalog-generator/dist/main.js', '--tools', '5000', '--seed', '4', '--out', catalogFile],
    { cwd: REPO_ROOT, stdio: 'pipe' },
  );
}, 120_000);

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

interface Readiness {
  readonly status: number;
  readonly message: string | undefined;
  readonly checks: Record<string, boolean>;
}

async function readiness(url: string): Promise<Readiness> {
  const res = await fetch(`${url}/readyz`);
  const body = (await res.json()) as { error?: string; checks: Record<string, boolean> };
  return { status: res.status, message: body.error, checks: body.checks };
}

/** Resolves once the server has logged a JSON line whose `msg` is `message`. */
async function logged(server: ServerProcess, message: string): Promise<void> {
  while (!server.output().includes(`"msg":"${message}"`)) {
    if (server.child.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
    await sleep(5);
  }
}

describe('readiness during the start', () => {
  it('answers 503 until the warm-up after the first publication is done, naming it, then 200', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      CATALOG_FILE: catalogFile,
      DATA_DIR: path.join(work, 'data'),
      SHUTDOWN_DRAIN_MS: '0',
    });
    try {
      // From the moment the port is bound (the catalog is read after it).
      let first: Readiness | undefined;
      while (first === undefined) {
        if (server.child.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
        first = await readiness(url).catch(() => undefined);
        if (first === undefined) await sleep(5);
      }
      await logged(server, 'catalog published');
      // Sent as soon as the publication is logged: the warm-ups run after it, on the same loop.
      const duringWarmUp = await readiness(url);
      const listeningBefore = server.output().includes('"msg":"listening"');
      await server.listening;
      const after = await readiness(url);

      expect(first.status).toBe(503);
      expect(first.checks).toMatchObject({ 'warm-up': false });
      expect(listeningBefore).toBe(false);
      expect(duringWarmUp).toEqual({
        status: 503,
        message: 'Not ready: warm-up.',
        checks: expect.objectContaining({ catalog: true, 'warm-up': false }),
      });
      expect(after).toEqual({
        status: 200,
        message: undefined,
        checks: expect.objectContaining({ catalog: true, 'warm-up': true }),
      });
    } finally {
      server.signal('SIGKILL');
      await server.exited;
    }
  }, 120_000);
});
