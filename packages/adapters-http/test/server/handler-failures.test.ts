import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordingLogger } from '@reviews/application/testing';
import { onLoopback, type LoopbackServer } from '@reviews/http-common/testing';
import { createHttpServer } from '../../src/index.js';

const logger = new RecordingLogger();
let failing = true;
let api: LoopbackServer;

beforeAll(async () => {
  // Work done before a handler's first await, outside Express: cached reads, known MCP calls.
  const handler = (_req: unknown, res: { end(body: string): void }) => {
    if (failing) throw new RangeError('Maximum call stack size exceeded');
    res.end('served');
  };
  const server = createHttpServer(
    handler,
    {
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 100,
      maxConnectionsPerClient: 100,
      trustProxy: false,
    },
    logger,
  );
  server.listen(0, '127.0.0.1');
  api = await onLoopback(server);
});
afterAll(() => api.close());

describe('a request handler that throws outside Express', () => {
  it('is answered 500 {error} and logged, and the server goes on', async () => {
    const res = await fetch(`${api.url}/api/v1/tools?q=x`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: 'Something went wrong on our side. Try again later.',
    });
    expect(logger.errors).toEqual([
      {
        fields: { err: expect.any(RangeError), path: '/api/v1/tools' },
        message: 'request failed',
      },
    ]);
  });

  it('is answered 500 with JSON-RPC -32603 on /mcp', async () => {
    const res = await fetch(`${api.url}/mcp`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Something went wrong on our side. Try again later.' },
    });
  });

  it('leaves the next requests to the handler', async () => {
    failing = false;
    expect(await (await fetch(`${api.url}/healthz`)).text()).toBe('served');
  });
});
