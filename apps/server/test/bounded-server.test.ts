import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../src/logging/logger.js';
import { startServer, type RunningServer } from '../src/server.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'reviews-bounded-'));
let server: RunningServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    HEADERS_TIMEOUT_MS: '1000',
    REQUEST_TIMEOUT_MS: '1500',
    MAX_CONNECTIONS_PER_CLIENT: '3',
    TRUST_PROXY: '127.0.0.7',
  });
  server = await startServer(config, createLogger('silent'));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A connection held open by an unfinished request (until HEADERS_TIMEOUT_MS drops it). */
async function holdFrom(localAddress: string): Promise<void> {
  const { port } = new URL(server.url);
  const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  sockets.push(socket);
  await once(socket, 'connect');
  socket.write('GET /healthz HTTP/1.1\r\n');
}

async function send(bytes: string, localAddress = '127.0.0.1'): Promise<string> {
  const { port } = new URL(server.url);
  const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  socket.write(bytes);
  await once(socket, 'close');
  return answer;
}

describe('the service bounds slow and numerous connections (its settings)', () => {
  it('answers 408 in JSON when a signup body arrives slower than REQUEST_TIMEOUT_MS', async () => {
    const answer = await send(
      'POST /subscribe HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"email":',
      '127.0.0.4',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: expect.stringMatching(/too long/),
    });
  });

  it('answers 503 past MAX_CONNECTIONS_PER_CLIENT, and serves another address', async () => {
    for (let i = 0; i < 3; i++) await holdFrom('127.0.0.5');
    const over = await send('GET /api/v1/tools HTTP/1.1\r\nHost: t\r\n\r\n', '127.0.0.5');
    expect(over).toMatch(/^HTTP\/1\.1 503 /);
    expect(over).toMatch(/\r\nRetry-After: 5\r\n/i);
    expect(over).toContain('"error":"Too many connections');
    const other = await send(
      'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n',
      '127.0.0.6',
    );
    expect(other).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('does not cap per client the proxy TRUST_PROXY names: every connection through it is its', async () => {
    for (let i = 0; i < 5; i++) await holdFrom('127.0.0.7');
    const through = await send(
      'GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n',
      '127.0.0.7',
    );
    expect(through).toMatch(/^HTTP\/1\.1 200 /);
  });
});
