import { afterAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from './support/server-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-start-lines-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The lines written so far, stdout and stderr in the order they arrived. */
const linesOf = (output: string): string[] => output.split('\n').filter((line) => line !== '');

describe('what a person reads when the server starts (docs/operations.md#starting)', () => {
  it('ends the start with the plain "Listening on" line, after the JSON lines and the first snapshot write', async () => {
    const server = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      // An empty data directory: the first index snapshot is written after the port listens.
      DATA_DIR: path.join(work, 'fresh'),
      SHUTDOWN_DRAIN_MS: '0',
    });
    try {
      await server.listening;
      const plain = await server.listeningLine;
      // Anything still on its way would come within the logger's batch window (50 ms).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lines = linesOf(server.output());
      expect(lines.at(-1)).toBe(plain);
      expect(lines.some((line) => line.includes('"msg":"index snapshot written"'))).toBe(true);
    } finally {
      server.signal('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('prints one plain line with the confirmation link of a signup on the embedded default, not the address', async () => {
    const server = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: 'https://reviews.test',
      DATA_DIR: path.join(work, 'signup'),
      SHUTDOWN_DRAIN_MS: '0',
    });
    try {
      const url = await server.listening;
      const res = await fetch(`${url}/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'grace@example.org' }),
      });
      expect(res.status).toBe(200);
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(server.output())), 10_000);
        const look = () => {
          const found = linesOf(server.output()).find((l) => l.startsWith('Confirmation link'));
          if (found === undefined) return;
          clearTimeout(timer);
          resolve(found);
        };
        look();
        server.child.stderr?.on('data', look);
      });
      const outbox = path.join(work, 'signup', 'outbox');
      expect(line).toMatch(
        new RegExp(
          `^Confirmation link \\(the mail is ${outbox.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^ ]+\\.eml\\): https://reviews\\.test/subscribe/confirm\\?token=[A-Za-z0-9_-]+$`,
        ),
      );
      expect(server.output()).not.toContain('grace@example.org');
    } finally {
      server.signal('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('names PORT and suggests another one when the port is taken, and nothing follows that line', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const server = startServerProcess({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'taken'),
      });
      expect(await server.exited).toBe(1);
      const lines = linesOf(server.output());
      expect(lines.at(-1)).toBe(
        `The service could not start: PORT=${port} on HOST=127.0.0.1 is in use (EADDRINUSE). Stop what holds it, or choose another port: PORT=${port + 1} npx --yes pnpm@10 start (PORT=0 picks a free one).`,
      );
      expect(server.output()).not.toContain('"msg":"listening"');
    } finally {
      taken.close();
    }
  }, 60_000);
});
