import { afterEach, describe, expect, it } from '@jest/globals';
import { aTool } from '@reviews/domain/testing';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { HttpServerLimits } from '../../src/server/create-http-server.js';
import { startReadApi, type RunningReadApi } from '../support/read-api-harness.js';
import { openSocket, readAnswer } from '../support/raw-socket.js';

const generous: Omit<HttpServerLimits, 'trustProxy'> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  maxConnectionsPerClient: 1_000,
};

let api: RunningReadApi | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await api?.close();
  api = undefined;
});

/** A connection from another loopback address: another client, as far as the caps go. */
async function openFrom(localAddress: string, url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect({ port: Number(port), host: hostname, localAddress });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

async function held(url: string, count: number): Promise<Socket[]> {
  const opened = await Promise.all(Array.from({ length: count }, () => openSocket(url)));
  sockets.push(...opened);
  // The server counts a connection when it accepts it; give it a moment to see them all.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return opened;
}

const healthz = 'GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n';

describe('slow clients are dropped (header and request timeouts)', () => {
  it('answers 408 in JSON and closes connections whose headers never finish, while a new client is served', async () => {
    api = await startReadApi([aTool().build()], {
      limits: { ...generous, headersTimeoutMs: 300, requestTimeoutMs: 600 },
    });
    const slow = await held(api.url, 40);
    const answers = slow.map((socket) =>
      readAnswer(socket, 'GET /api/v1/tools HTTP/1.1\r\nHost: test\r\nX-Slow: ', 10_000),
    );
    const idle = readAnswer((await held(api.url, 1))[0]!, undefined, 10_000);

    const started = Date.now();
    const fresh = await fetch(`${api.url}/healthz`);
    expect(fresh.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);

    for (const answer of await Promise.all(answers)) {
      expect(answer.timedOut).toBe(false);
      expect(answer.status).toBe(408);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['connection']).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/too long/) });
    }
    // A connection that never sends a byte is cut too (no answer is owed to it).
    expect((await idle).timedOut).toBe(false);
  }, 20_000);
});

describe('connection caps', () => {
  it('answers a client over its own cap 503 with a JSON body and Retry-After, and serves another client', async () => {
    api = await startReadApi([aTool().build()], {
      limits: { ...generous, maxConnectionsPerClient: 5 },
    });
    await held(api.url, 5);
    const over = await readAnswer(await openSocket(api.url), healthz, 5_000);
    expect(over.status).toBe(503);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['connection']).toBe('close');
    expect(over.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(over.body)).toEqual({ error: expect.stringMatching(/Too many connections/) });

    const other = await readAnswer(
      await openFrom('127.0.0.2', api.url),
      `GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`,
      5_000,
    );
    expect(other.status).toBe(200);
  });
  // Eviction at the total cap, refusals at once, proxies: connection-caps.test.ts.
});
