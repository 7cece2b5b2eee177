import { afterEach, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import type { RequestListener, Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { RecordingLogger } from '@reviews/application/testing';
import { createHttpServer, type HttpServerLimits } from '../../src/server/create-http-server.js';
import { readAnswer, type SocketAnswer } from '../support/raw-socket.js';

const limits: HttpServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 10_000,
  maxConnections: 1_000,
  maxConnectionsPerClient: 1_000,
  trustProxy: false,
};

/** Requests to `/hold` stay in progress until `releaseHeld()`; any other path answers at once. */
const held: Array<() => void> = [];
const handler: RequestListener = (req, res) => {
  const answer = (): void => {
    res.setHeader('Content-Type', 'application/json');
    res.end('{"ok":true}');
  };
  if (req.url === '/hold') held.push(answer);
  else answer();
};
const releaseHeld = (): void => {
  for (const answer of held.splice(0)) answer();
};

let server: Server | undefined;
const sockets: Socket[] = [];
/** The server's side of each connection `open` made. */
const serverSide = new Map<Socket, Socket>();
afterEach(async () => {
  releaseHeld();
  for (const socket of sockets.splice(0)) socket.destroy();
  serverSide.clear();
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  }
  server = undefined;
});

async function start(caps: Partial<HttpServerLimits>): Promise<void> {
  server = createHttpServer(handler, { ...limits, ...caps }, new RecordingLogger()).listen(
    0,
    '127.0.0.1',
  );
  await once(server, 'listening');
}

/**
 * A connection from `localAddress` (all of 127/8 is loopback on Linux: another client as far as
 * the caps go), once the server has accepted it: the caps order connections by their acceptance.
 */
async function open(localAddress = '127.0.0.1', allowHalfOpen = false): Promise<Socket> {
  const accepted = once(server!, 'connection');
  const socket = connect({
    port: (server!.address() as AddressInfo).port,
    host: '127.0.0.1',
    localAddress,
    allowHalfOpen,
  });
  socket.on('error', () => undefined);
  sockets.push(socket);
  const [[side]] = await Promise.all([accepted, once(socket, 'connect')]);
  serverSide.set(socket, side as Socket);
  return socket;
}

/** Sends one keep-alive request on `socket` and reads its whole answer (a `{"ok":true}` body). */
async function ask(socket: Socket, path = '/ok'): Promise<string> {
  let raw = '';
  const answered = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer): void => {
      raw += chunk.toString('latin1');
      if (raw.endsWith('{"ok":true}')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
  await answered;
  return raw;
}

/** A slow client: part of a request head, never finished. */
async function openSlow(localAddress = '127.0.0.1'): Promise<Socket> {
  const socket = await open(localAddress);
  socket.write('GET /ok HTTP/1.1\r\nHost: test\r\nX-Slow: ');
  return socket;
}

const stillOpen = (socket: Socket): boolean => !socket.destroyed && socket.readyState === 'open';

function expectRefusedAtOnce(answer: SocketAnswer, startedAt: number): void {
  expect(answer.timedOut).toBe(false);
  expect(answer.status).toBe(503);
  expect(answer.headers['retry-after']).toBe('5');
  expect(answer.headers['connection']).toBe('close');
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/Too many connections/) });
  // Before the fix it waited 2 s for a request, then closed without a word.
  expect(Date.now() - startedAt).toBeLessThan(1_000);
}

describe('a connection over its client’s cap', () => {
  it('is answered 503 and closed at once, before it sends anything, and holds no slot', async () => {
    await start({ maxConnections: 4, maxConnectionsPerClient: 2 });
    const mine = [await open(), await open()];

    const startedAt = Date.now();
    expectRefusedAtOnce(await readAnswer(await open(), undefined, 5_000), startedAt);

    // Another client fills the total cap: the refused connection took no slot, so nobody is
    // evicted for it and the other client is served.
    const other = [await open('127.0.0.2'), await open('127.0.0.2')];
    for (const socket of other) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of mine) expect(stillOpen(socket)).toBe(true);
  });

  it('reads and drops what it sends, and is gone as soon as the client has read its 503 and closed', async () => {
    await start({ maxConnectionsPerClient: 1 });
    await open();
    const startedAt = Date.now();
    const over = await open();
    const gone = once(serverSide.get(over)!, 'close');
    // More than Node buffers for a socket nobody reads: unread bytes at the close would reset
    // the connection, and a reset can discard the answer before the client reads it.
    const answer = await readAnswer(
      over,
      'GET /ok HTTP/1.1\r\nHost: test\r\n\r\n'.repeat(2_000),
      5_000,
    );
    expectRefusedAtOnce(answer, startedAt);
    await gone;
    // Not held until the linger (1 s) ends.
    expect(Date.now() - startedAt).toBeLessThan(800);
  });

  it('is destroyed within about a second when the client never closes it', async () => {
    await start({ maxConnectionsPerClient: 1 });
    await open();
    // This client does not end its side when the server ends its own.
    const over = await open('127.0.0.1', true);
    const gone = once(serverSide.get(over)!, 'close');
    const startedAt = Date.now();
    over.resume();
    await once(over, 'end');
    await gone;
    expect(Date.now() - startedAt).toBeLessThan(1_500);
  });
});

describe('at the total cap', () => {
  it('evicts the connection that has waited longest for its request head, then serves the new client', async () => {
    await start({ maxConnections: 3, maxConnectionsPerClient: 0 });
    // The oldest connection is an idle keep-alive one: it is not the first to go.
    const keepAlive = await open();
    expect(await ask(keepAlive)).toMatch(/^HTTP\/1\.1 200 /);
    const oldestSlow = await openSlow('127.0.0.2');
    const youngerSlow = await openSlow('127.0.0.3');
    const evicted = once(oldestSlow, 'close');
    let evictedGot = '';
    oldestSlow.on('data', (chunk: Buffer) => (evictedGot += chunk.toString('latin1')));

    const fresh = await open('127.0.0.4');
    expect(await ask(fresh)).toMatch(/^HTTP\/1\.1 200 /);
    await evicted;
    // A slow client has no request to answer: its connection is closed without a word.
    expect(evictedGot).toBe('');
    // The others are still served: the younger slow client finishes its head, the idle one asks again.
    youngerSlow.write('1\r\n\r\n');
    const younger = await new Promise<string>((resolve) => {
      let raw = '';
      youngerSlow.on('data', (chunk: Buffer) => {
        raw += chunk.toString('latin1');
        if (raw.endsWith('{"ok":true}')) resolve(raw);
      });
    });
    expect(younger).toMatch(/^HTTP\/1\.1 200 /);
    expect(await ask(keepAlive)).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('counts a keep-alive connection that started a new head as slow, from the end of its last answer', async () => {
    await start({ maxConnections: 2, maxConnectionsPerClient: 0 });
    const idle = await open();
    expect(await ask(idle)).toMatch(/^HTTP\/1\.1 200 /);
    const restarted = await open('127.0.0.2');
    expect(await ask(restarted)).toMatch(/^HTTP\/1\.1 200 /);
    const side = serverSide.get(restarted)!;
    const before = side.bytesRead;
    restarted.write('GET /ok HTTP/1.1\r\nHost: te');
    await waitFor(() => side.bytesRead > before);
    const evicted = once(restarted, 'close');

    // The idle connection has waited longer, but the one that started a head goes first.
    expect(await ask(await open('127.0.0.3'))).toMatch(/^HTTP\/1\.1 200 /);
    await evicted;
    expect(stillOpen(idle)).toBe(true);
  });

  it('evicts idle keep-alive connections next, and refuses a new one at once only when every slot has a request in progress', async () => {
    await start({ maxConnections: 2, maxConnectionsPerClient: 0 });
    const idle = await open();
    expect(await ask(idle)).toMatch(/^HTTP\/1\.1 200 /);
    const busy = await open('127.0.0.2');
    const busyAnswer = ask(busy, '/hold');
    await waitFor(() => held.length === 1);

    const evicted = once(idle, 'close');
    const second = await open('127.0.0.3');
    await evicted;
    const secondAnswer = ask(second, '/hold');
    await waitFor(() => held.length === 2);

    // Both slots have a request in progress: neither is evicted, the new connection is refused.
    const startedAt = Date.now();
    expectRefusedAtOnce(await readAnswer(await open('127.0.0.4'), undefined, 5_000), startedAt);
    releaseHeld();
    expect(await busyAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await secondAnswer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('connections from a proxy TRUST_PROXY names', () => {
  it('are not capped per client (an address or CIDR named), while other addresses are', async () => {
    await start({ maxConnectionsPerClient: 2, trustProxy: ['127.0.0.8/31'] });
    const fromProxy = [];
    for (let i = 0; i < 5; i++) fromProxy.push(await open('127.0.0.9'));
    for (const socket of fromProxy) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200 /);
    // Another address is capped as usual.
    await open('127.0.0.10');
    await open('127.0.0.10');
    expect((await readAnswer(await open('127.0.0.10'), undefined, 5_000)).status).toBe(503);
  });

  it('are capped like any client when TRUST_PROXY is a hop count (it names no address)', async () => {
    await start({ maxConnectionsPerClient: 2, trustProxy: 1 });
    await open('127.0.0.9');
    await open('127.0.0.9');
    expect((await readAnswer(await open('127.0.0.9'), undefined, 5_000)).status).toBe(503);
  });
});

/** Resolves once `condition` holds (checked on every turn of the event loop); fails after 2 s. */
async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the server never got there');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
