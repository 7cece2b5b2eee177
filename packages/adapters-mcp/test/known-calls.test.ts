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
