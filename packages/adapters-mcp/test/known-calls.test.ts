import { afterEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { KnownCalls } from '../src/http/known-calls.js';

const TEXT = 'A result long enough to be worth compressing. '.repeat(60);
const CALL = {
  jsonrpc: '2.0',
  method: 'tools/call',
  params: { name: 'search_tools', arguments: {} },
};

let server: http.Server | undefined;
afterEach(() => {
  server?.close();
});

/**
 * A stand-in for the SDK path that writes `answerFor(id)` as the SDK does (writeHead, write,
 * end) and records it; later requests are answered by `KnownCalls` alone.
 */
async function serve(answerFor: (id: unknown) => string): Promise<string> {
  const known = new KnownCalls(() => 'v1');
  server = http.createServer((req, res) => {
    const id = JSON.parse(String(req.headers['x-call-id'])) as string | number;
    const call = KnownCalls.requestOf({ 'content-type': 'application/json' }, { ...CALL, id });
    if (call === undefined) throw new Error('not a known call');
    if (known.answer(call, req, res)) return;
    known.record(call, 'v1', res);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(new TextEncoder().encode(answerFor(id)));
    res.end();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(url: string, id: unknown, encoding: string): Promise<string> {
  // Not fetch: it would decode the body itself.
  const res = await new Promise<{ raw: Buffer; coding: string | undefined }>((resolve, reject) => {
    const headers = { 'x-call-id': JSON.stringify(id), 'accept-encoding': encoding };
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ raw: Buffer.concat(chunks), coding: response.headers['content-encoding'] }),
        );
      })
      .on('error', reject);
  });
  const { raw, coding } = res;
  expect(coding).toBe(encoding === 'identity' ? undefined : encoding);
  return (
    coding === 'br'
      ? brotliDecompressSync(raw)
      : coding === 'gzip'
        ? gunzipSync(raw)
        : coding === 'deflate'
          ? inflateSync(raw)
          : raw
  ).toString('utf8');
}

describe('KnownCalls', () => {
  it.each([
    [
      'the id last (its prefix coded once, the id appended uncoded)',
      (id: unknown) => JSON.stringify({ result: { text: TEXT }, jsonrpc: '2.0', id }),
    ],
    [
      'the id first (a long tail: coded whole)',
      (id: unknown) => JSON.stringify({ jsonrpc: '2.0', id, result: { text: TEXT } }),
    ],
  ])('answers with %s, in every coding, the bytes the SDK would send', async (_name, answerFor) => {
    const url = await serve(answerFor);
    await bodyOf(url, 1, 'identity');
    for (const encoding of ['identity', 'br', 'gzip', 'deflate'])
      for (const id of [2, 'x"ü\\', 9007199254740991])
        expect(await bodyOf(url, id, encoding)).toBe(answerFor(id));
  });
});

describe('KnownCalls.sendAfter', () => {
  const HEAD = ['X-Request-Id', 'r-1', 'X-Content-Type-Options', 'nosniff', 'RateLimit', 'r=1'];

  /**
   * Records the SDK's answer with `sdkHeaders`, then answers each request through `send` (after
   * setting `HEAD` and `Vary: Origin` one by one, as the Express path does) or through
   * `sendAfter` (one `writeHead` list), by the request's `x-mode`.
   */
  async function serveBoth(sdkHeaders: Record<string, string>): Promise<string> {
    const known = new KnownCalls(() => 'v1');
    server = http.createServer((req, res) => {
      const id = JSON.parse(String(req.headers['x-call-id'])) as string | number;
      const call = KnownCalls.requestOf({ 'content-type': 'application/json' }, { ...CALL, id });
      if (call === undefined) throw new Error('not a known call');
      const answer = known.lookup(call);
      if (answer === undefined) {
        known.record(call, 'v1', res);
        res.writeHead(200, sdkHeaders);
        res.write(new TextEncoder().encode(JSON.stringify({ result: { text: TEXT }, id })));
        res.end();
      } else if (req.headers['x-mode'] === 'after') {
        known.sendAfter([...HEAD], 'Origin', answer, call, req, res);
      } else {
        for (let i = 0; i < HEAD.length; i += 2) res.setHeader(HEAD[i]!, HEAD[i + 1]!);
        res.setHeader('Vary', 'Origin');
        known.send(answer, call, req, res);
      }
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function responseOf(url: string, mode: string, encoding: string) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = { 'x-call-id': '7', 'x-mode': mode, 'accept-encoding': encoding };
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const headers = { ...response.headers };
            delete headers.date;
            resolve({ headers, body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    });
  }

  it.each([
    ['only its own headers (sent in one list)', { 'content-type': 'application/json' }],
    [
      'a header the fast path sets too (merged as setHeader does)',
      { 'content-type': 'application/json', vary: 'X-Other' },
    ],
  ])('sends what send does for an SDK answer with %s', async (_name, sdkHeaders) => {
    const url = await serveBoth(sdkHeaders);
    await responseOf(url, 'send', 'identity');
    for (const encoding of ['identity', 'br', 'gzip', 'deflate', 'gzip;q=0.5, br;q=0.1']) {
      const viaSend = await responseOf(url, 'send', encoding);
      const viaAfter = await responseOf(url, 'after', encoding);
      expect(viaAfter).toEqual(viaSend);
      expect(viaAfter.headers['x-request-id']).toBe('r-1');
      expect(viaAfter.headers.vary).toBe(
        'vary' in sdkHeaders ? 'X-Other' : 'Origin, Accept-Encoding',
      );
    }
  });
});
