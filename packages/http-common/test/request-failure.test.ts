import { afterEach, describe, expect, it } from '@jest/globals';
import { RecordingLogger } from '@reviews/application/testing';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { failingSafely, type RequestFailure } from '../src/index.js';
import { onLoopback, type LoopbackServer } from '../src/testing/index.js';

const running: LoopbackServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

/**
 * A server whose only work happens in listeners of the request's own events, as a fast path
 * that reads a body itself does: `work` runs at the request's `'end'`.
 */
async function serverWith(
  work: (req: IncomingMessage, res: ServerResponse) => void,
  logger: RecordingLogger,
): Promise<LoopbackServer> {
  const failure: RequestFailure = {
    logger,
    answer: (res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'Something went wrong on our side.' }));
    },
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on(
      'end',
      failingSafely(failure, res, { path: req.url }, () => work(req, res)),
    );
  });
  server.listen(0, '127.0.0.1');
  const loopback = await onLoopback(server);
  running.push(loopback);
  return loopback;
}

describe('failingSafely', () => {
  it('answers 500 in the route shape and logs the error when a listener throws', async () => {
    const logger = new RecordingLogger();
    const { url } = await serverWith(() => {
      throw new RangeError('Maximum call stack size exceeded');
    }, logger);
    const res = await fetch(`${url}/mcp`, { method: 'POST', body: '[]' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Something went wrong on our side.' });
    expect(logger.errors).toEqual([
      { fields: { err: expect.any(RangeError), path: '/mcp' }, message: 'request failed' },
    ]);
    // The server, and the process, still answer.
    expect((await fetch(`${url}/mcp`, { method: 'POST', body: '[]' })).status).toBe(500);
  });

  it('closes the connection when the answer had begun, as nothing else can tell the client', async () => {
    const logger = new RecordingLogger();
    const { url } = await serverWith((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('half');
      throw new Error('failed mid-answer');
    }, logger);
    await expect(fetch(`${url}/x`).then((res) => res.text())).rejects.toThrow();
    expect(logger.errors).toHaveLength(1);
  });

  it('only logs a throw after the answer was complete (a finish listener)', async () => {
    const logger = new RecordingLogger();
    let finished!: () => void;
    const afterFinish = new Promise<void>((resolve) => (finished = resolve));
    const answerNothing: RequestFailure = { logger, answer: () => undefined };
    const { url } = await serverWith((_req, res) => {
      res.once(
        'finish',
        failingSafely(answerNothing, res, { path: '/x' }, () => {
          throw new Error('after the answer');
        }),
      );
      res.once('finish', finished);
      res.end('done');
    }, logger);
    const res = await fetch(`${url}/x`);
    expect(await res.text()).toBe('done');
    await afterFinish;
    expect(logger.errors.map((line) => line.message)).toEqual(['request failed']);
  });
});
