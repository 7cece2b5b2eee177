import { afterAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  openSocket,
  readAnswer,
  type SocketAnswer,
} from '../../../packages/adapters-http/test/support/raw-socket.js';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../src/logging/logger.js';
import { startServer } from '../src/server.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'reviews-drain-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DRAIN_MS = 400;
const GRACE_MS = 3_000;
// The window a connection idle when the listener closes has to send its request.
const HEADERS_TIMEOUT_MS = 1_500;
const healthz = 'GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n';

/** A connection, or undefined once the listener refuses it (it has stopped accepting). */
async function tryConnect(url: string): Promise<Socket | undefined> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const connected = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  socket.on('error', () => undefined);
  return connected ? socket : undefined;
}

describe('shutdown: the drain, then the last requests', () => {
  it('answers every request on a connection accepted before the listener closed, none reset', async () => {
    const running = await startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        REQUEST_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        MAX_CONNECTIONS_PER_CLIENT: '0',
      }),
      createLogger('silent'),
    );
    // Keep-alive connections that served a request before the shutdown, idle since.
    const keptAlive = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const socket = await openSocket(running.url);
        socket.write(healthz);
        await once(socket, 'data');
        return socket;
      }),
    );

    const started = Date.now();
    const stopped = running.shutdown().then(() => Date.now() - started);
    // New connections all through the drain, each idle, until the listener refuses one.
    const acceptedDuringDrain: Socket[] = [];
    for (;;) {
      const socket = await tryConnect(running.url);
      if (socket === undefined) break;
      acceptedDuringDrain.push(socket);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(acceptedDuringDrain.length).toBeGreaterThan(3);
    // One of them never sends anything: it is closed when its window ends, within the grace.
    const silent = readAnswer(acceptedDuringDrain.pop()!, undefined, 10_000);

    // The listener is closed: every connection it accepted sends its request now.
    const answers: SocketAnswer[] = await Promise.all(
      [...keptAlive, ...acceptedDuringDrain].map((socket) => readAnswer(socket, healthz, 5_000)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toEqual(answers.map(() => 200));
    for (const answer of answers) {
      expect(answer.timedOut).toBe(false);
      expect(answer.headers['connection']).toBe('close');
    }
    expect((await silent).timedOut).toBe(false);
    expect(await stopped).toBeLessThan(DRAIN_MS + GRACE_MS);
  }, 20_000);
});
