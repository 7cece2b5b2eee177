import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FileSubscriptionStore } from '../../src/subscription/file-subscription-store.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../../..');
const server = join(here, 'fixtures/signup-mail-server.mjs');
const BURST = 400;
const PARALLEL = 24;
const KILL_AFTER_ACKS = 120;
const RECOVERY_TIMEOUT_MS = 15_000;

/** Builds the dists the child imports. Type errors elsewhere do not stop emit. */
async function buildDists(): Promise<void> {
  const tsc = join(repo, 'node_modules/typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-b', 'packages/adapters-persistence'], {
    cwd: repo,
  }).catch(() => undefined);
  expect(
    existsSync(join(repo, 'packages/application/dist/subscription/subscribe.use-case.js')),
  ).toBe(true);
}

async function startServer(
  dataDir: string,
  ...args: string[]
): Promise<{ child: ChildProcessWithoutNullStreams; port: number; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, [server, dataDir, ...args], { stdio: 'pipe' });
  child.stderr.pipe(process.stderr);
  const exited = new Promise((done) => child.on('exit', done));
  const port = await new Promise<number>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) done(Number(match[1]));
    });
    child.once('exit', (code) => fail(new Error(`the signup server exited (${code}) early`)));
  });
  return { child, port, exited };
}

async function delivered(dataDir: string): Promise<Set<string>> {
  const text = await readFile(join(dataDir, 'delivered.log'), 'utf8').catch(() => '');
  return new Set(text.split('\n').filter(Boolean));
}

async function storedAddresses(dataDir: string): Promise<string[]> {
  const store = await FileSubscriptionStore.open(dataDir);
  const found: string[] = [];
  for (let i = 0; i < BURST; i++) {
    const email = `mail-${i}@example.com`;
    if (await store.findByAddressKey(email)) found.push(email);
  }
  await store.close();
  return found;
}

describe('signup mail durability', () => {
  beforeAll(buildDists, 120_000);

  it('delivers the mail of every signup the store acknowledged after a kill -9 between saving and mailing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mail-durability-'));
    // Every twentieth mail hangs in the first process, as a provider call does when the kill lands.
    const first = await startServer(dataDir, 'hang');
    const acknowledged: string[] = [];
    let failed = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < BURST) {
        const email = `mail-${next++}@example.com`;
        try {
          const response = await fetch(
            `http://127.0.0.1:${first.port}/?email=${encodeURIComponent(email)}`,
          );
          if (response.status === 200) acknowledged.push(email);
          if (acknowledged.length === KILL_AFTER_ACKS) first.child.kill('SIGKILL');
        } catch {
          failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    const stored = await storedAddresses(dataDir);
    const beforeRestart = await delivered(dataDir);
    const second = await startServer(dataDir);
    const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
    let after = await delivered(dataDir);
    while (Date.now() < deadline && !stored.every((email) => after.has(email))) {
      await new Promise((done) => setTimeout(done, 200));
      after = await delivered(dataDir);
    }
    second.child.kill('SIGTERM');
    await second.exited;
    await rm(dataDir, { recursive: true, force: true });

    const missing = stored.filter((email) => !after.has(email));
    const ackMissing = acknowledged.filter((email) => !after.has(email));
    console.log(
      `mail durability: ${next} sent, ${acknowledged.length} acknowledged (200), ${failed} unanswered, ` +
        `${stored.length} signups in the store, ${beforeRestart.size} mailed before the kill, ` +
        `${after.size} mailed after restart, ${missing.length} stored without a mail, ` +
        `${ackMissing.length} acknowledged without a mail`,
    );
    expect(failed).toBeGreaterThan(0);
    expect(stored.length).toBeGreaterThan(beforeRestart.size);
    expect(missing).toEqual([]);
    expect(ackMissing).toEqual([]);
  }, 90_000);
});
