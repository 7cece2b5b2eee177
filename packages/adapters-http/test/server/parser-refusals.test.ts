import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aTool } from '@reviews/domain/testing';
import { startReadApi, type RunningReadApi } from '../support/read-api-harness.js';
import { once } from 'node:events';
import {
  exchange,
  openSocket,
  parseAnswers,
  readAnswer,
  type SocketAnswer,
} from '../support/raw-socket.js';

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

  it("keeps the request's own X-Request-Id on a refusal of a request it read", async () => {
    const answer = await exchange(
      api.url,
      'GET /api/v1/tools HTTP/1.1\r\nHost: t\r\nX-Request-Id: trace-417\r\nExpect: 200-ok\r\n\r\n',
    );
    expect(answer.status).toBe(417);
    expect(answer.headers['x-request-id']).toBe('trace-417');
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

describe('a malformed request pipelined after good ones', () => {
  const healthz = 'GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n';
  // A search goes through Express and the use case: its answer is written after the parser
  // has already refused the bytes that follow it.
  const search = 'GET /api/v1/tools?q=tool&limit=5 HTTP/1.1\r\nHost: t\r\n\r\n';

  /** Sends `requests` in one write and returns every answer, in order, up to the close. */
  async function pipelined(...requests: string[]): Promise<SocketAnswer[]> {
    const answer = await exchange(api.url, requests.join(''));
    expect(answer.timedOut).toBe(false);
    return parseAnswers(answer.raw);
  }

  it.each([
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost x\r\n\r\n'],
    ['an invalid request line', 'G(T /api/v1/tools HTTP/1.1\r\nHost: t\r\n\r\n'],
  ])('answers the good request, then 400 {error} for %s, then closes', async (_case, bad) => {
    for (const first of [healthz, search]) {
      const [good, refused, ...more] = await pipelined(first, bad);
      expect(good?.status).toBe(200);
      expect(good?.headers['content-type']).toMatch(/^application\/json/);
      expectJsonRefusal(refused!, 400);
      expect(JSON.parse(refused!.body)).toEqual({ error: expect.stringMatching(/not valid HTTP/) });
      expect(more).toEqual([]);
    }
  });

  it.each([
    [
      400,
      'duplicate Content-Length',
      'POST /mcp HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ],
    [
      431,
      'oversized headers',
      `GET /mcp HTTP/1.1\r\nHost: t\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ],
  ])(
    "answers two good requests in order, then %i in the refused route's shape (%s on /mcp)",
    async (status, _case, bad) => {
      for (const before of [[], [search, healthz]]) {
        const answers = await pipelined(...before, bad);
        expect(answers.map((answer) => answer.status)).toEqual([...before.map(() => 200), status]);
        if (before.length > 0) {
          expect(JSON.parse(answers[0]!.body)).toHaveProperty('items');
          expect(JSON.parse(answers[1]!.body)).toEqual({ status: 'ok' });
        }
        const refused = answers.at(-1)!;
        expectJsonRefusal(refused, status);
        expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
      }
    },
  );

  it('answers both when the client half-closes after its write (printf … | nc)', async () => {
    const socket = await openSocket(api.url);
    const answer = readAnswer(socket, undefined, 5_000);
    socket.end(`${search}GET / HTTP/1.1\r\nHost x\r\n\r\n`);
    expect(parseAnswers((await answer).raw).map((each) => each.status)).toEqual([200, 400]);
  });

  it('does not answer twice when a body breaks off after its request was answered', async () => {
    const socket = await openSocket(api.url);
    const answer = readAnswer(socket, undefined, 5_000);
    // The route refuses the request before reading its body; the broken chunk comes after.
    socket.write('POST /api/v1/tools HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n');
    await once(socket, 'data');
    socket.write('ZZ\r\nxx\r\n');
    const answers = parseAnswers((await answer).raw);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(405);
  });
});
