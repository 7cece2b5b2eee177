import { describe, expect, it, beforeAll } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FileSubscriptionStore } from '../../src/subscription/file-subscription-store.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../../..');
const server = join(here, 'fixtures/signup-server.mjs');
const BURST = 600;
const PARALLEL = 24;
const KILL_AFTER_ACKS = 200;

/** Builds the dist the child imports. Type errors elsewhere in the workspace do not stop emit. */
async function buildPersistence(): Promise<void> {
  await promisify(execFile)('pnpm', ['exec', 'tsc', '-b', 'packages/adapters-persistence'], {
    cwd: repo,
  }).catch(() => undefined);
  expect(
    existsSync(
      join(repo, 'packages/adapters-persistence/dist/subscription/file-subscription-store.js'),
    ),
  ).toBe(true);
}

describe('FileSubscriptionStore durability', () => {
  beforeAll(buildPersistence, 120_000);

  it('keeps every acknowledged signup when the process is killed (SIGKILL) mid-burst', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'durability-'));
    const child = spawn(process.execPath, [server, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((done) => child.on('exit', done));
    const port = await new Promise<number>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) done(Number(match[1]));
      });
      child.once('exit', (code) =>
        fail(new Error(`the signup server exited (${code}) before listening`)),
      );
    });

    const acknowledged: string[] = [];
    let failed = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < BURST) {
        const email = `burst-${next++}@example.com`;
        try {
          const response = await fetch(
            `http://127.0.0.1:${port}/?email=${encodeURIComponent(email)}`,
          );
          if (response.status === 200) acknowledged.push(email);
          if (acknowledged.length === KILL_AFTER_ACKS) child.kill('SIGKILL');
        } catch {
          failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await exited;

    const store = await FileSubscriptionStore.open(dataDir);
    const missing: string[] = [];
    for (const email of acknowledged) {
      if ((await store.findByAddressKey(email)) === null) missing.push(email);
    }
    let stored = 0;
    for (let i = 0; i < BURST; i++)
      if (await store.findByAddressKey(`burst-${i}@example.com`)) stored += 1;
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
    console.log(
      `durability: ${next} sent, ${acknowledged.length} acknowledged, ${failed} unanswered (in flight at the kill or refused after it), ` +
        `${stored} in the store after restart, ${missing.length} acknowledged but missing`,
    );
    expect(child.signalCode).toBe('SIGKILL');
    expect(failed).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(stored).toBeGreaterThanOrEqual(acknowledged.length);
  }, 60_000);
});
