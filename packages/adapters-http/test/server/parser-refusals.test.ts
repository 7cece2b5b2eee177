import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aTool } from '@reviews/domain/testing';
import { startReadApi, type RunningReadApi } from '../support/read-api-harness.js';
import { exchange, type SocketAnswer } from '../support/raw-socket.js';

let api: RunningReadApi;
beforeAll(async () => {
  api = await startReadApi([aTool().build()], {
    limits: {
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 100,
      maxConnectionsPerClient: 100,
    },
  });
});
afterAll(() => api.close());

function expectJsonRefusal(answer: SocketAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['connection']).toBe('close');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

describe("what Node's HTTP parser refuses is answered in the route's JSON shape", () => {
  it.each([
    [
      'a header line without a colon',
      'GET /api/v1/tools HTTP/1.1\r\nHost: t\r\nNot a header\r\n\r\n',
    ],
    ['a TLS handshake sent to plain HTTP', Buffer.from('160301020001000000', 'hex')],
    ['an invalid method token', 'G(T / HTTP/1.1\r\nHost: t\r\n\r\n'],
    [
      'Content-Length and Transfer-Encoding together',
      'POST /subscribe HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a control character in a header value',
      'GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: a\u0001b\r\n\r\n',
    ],
  ])('400 {error} for %s', async (_case, bytes) => {
    const answer = await exchange(api.url, bytes);
    expectJsonRefusal(answer, 400);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/not valid HTTP/) });
  });

  it('400 {error} for an HTTP/1.1 request without Host', async () => {
    const answer = await exchange(api.url, 'GET /api/v1/tools HTTP/1.1\r\n\r\n');
    expectJsonRefusal(answer, 400);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/Host/) });
  });

  it('431 {error} for headers over the size limit', async () => {
    const answer = await exchange(
      api.url,
      `GET /api/v1/tools HTTP/1.1\r\nHost: t\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectJsonRefusal(answer, 431);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/too large/) });
  });

  it('417 {error} for an Expect other than 100-continue', async () => {
    const answer = await exchange(
      api.url,
      'GET /api/v1/tools HTTP/1.1\r\nHost: t\r\nExpect: 200-ok\r\n\r\n',
    );
    expectJsonRefusal(answer, 417);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/100-continue/) });
  });

  it('answers /mcp refusals as JSON-RPC errors', async () => {
    const malformed = await exchange(
      api.url,
      'POST /mcp HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    );
    expectJsonRefusal(malformed, 400);
    expect(JSON.parse(malformed.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/not valid HTTP/) },
    });
    const expectation = await exchange(
      api.url,
      'POST /mcp HTTP/1.1\r\nHost: t\r\nExpect: nothing\r\nContent-Length: 0\r\n\r\n',
    );
    expectJsonRefusal(expectation, 417);
    expect(JSON.parse(expectation.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('still lets Expect: 100-continue through', async () => {
    const answer = await exchange(
      api.url,
      'GET /healthz HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
    );
    expect(answer.raw).toMatch(/HTTP\/1\.1 200 OK/);
  });
});
