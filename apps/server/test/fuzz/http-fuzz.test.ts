import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../../src/logging/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { fuzzRequest, type FuzzRequest } from './fuzz-requests.js';
import { shapeViolation, type FuzzAnswer } from './response-shape.js';
import { SeededRandom } from './seeded-random.js';

/**
 * ≥ 10,000 generated requests over every route and method, a sixth of them raw bytes no client
 * library would send, against the whole service over a real port: no 5xx, no empty reply, every
 * refusal in its route's shape, and still ready afterwards. Replay a failure with FUZZ_SEED.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);
const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 10_000);
const CONCURRENCY = 16;

const dataDir = mkdtempSync(path.join(tmpdir(), 'reviews-fuzz-'));
let server: RunningServer;
let agent: Agent;
let knownIds: string[];

beforeAll(async () => {
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // High enough that most requests do real work; signup keeps its limit (5 an hour) so the
    // fuzzer mostly meets 429s there and sends few mails.
    RATE_LIMIT_API: '1000000',
    RATE_LIMIT_SEARCH: '1000000',
    RATE_LIMIT_PAGES: '1000000',
    MAX_CONNECTIONS_PER_CLIENT: '1000',
  });
  server = await startServer(config, createLogger('silent'));
  agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const browse = (await (await fetch(`${server.url}/api/v1/tools?limit=20`)).json()) as {
    items: Array<{ id: string }>;
  };
  knownIds = browse.items.map((item) => item.id);
});

afterAll(async () => {
  agent.destroy();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Sends over the keep-alive pool; a request that meets a pooled connection the server was closing
 * at that instant (the client-side keep-alive race) is sent once more on a fresh connection, so
 * an empty reply is counted only when the server gives one to a fresh connection too.
 */
async function sendHttp(
  url: string,
  req: Extract<FuzzRequest, { kind: 'http' }>,
): Promise<FuzzAnswer> {
  const answer = await sendHttpOnce(url, req, agent);
  return answer.status === 0 ? sendHttpOnce(url, req, false) : answer;
}

function sendHttpOnce(
  url: string,
  req: Extract<FuzzRequest, { kind: 'http' }>,
  via: Agent | false,
): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}${req.path}`,
      { method: req.method, headers: req.headers, agent: via, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            body: decodeBody(Buffer.concat(chunks), res.headers['content-encoding']),
            head: req.method === 'HEAD',
          }),
        );
        res.on('error', () =>
          resolve({ status: 0, contentType: undefined, body: '', head: false }),
        );
      },
    );
    outgoing.on('error', (error) =>
      resolve({ status: 0, contentType: undefined, body: String(error), head: false }),
    );
    outgoing.end(req.body);
  });
}

function decodeBody(bytes: Buffer, encoding: string | undefined): string {
  if (bytes.length === 0) return '';
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

function sendRaw(url: string, bytes: Buffer): Promise<FuzzAnswer & { method: string }> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let raw = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (raw = Buffer.concat([raw, chunk])));
    socket.on('close', () => resolve(parseRaw(raw.toString('latin1'))));
    // Half-close after the bytes: an unfinished request meets the end of its stream at once.
    socket.end(bytes);
  });
}

function parseRaw(text: string): FuzzAnswer & { method: string } {
  // Skip interim 1xx answers (100 Continue) to the final one.
  const final = text.replace(/^(HTTP\/1\.1 1\d\d [^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n)+/, '');
  const end = final.indexOf('\r\n\r\n');
  const status = /^HTTP\/1\.[01] (\d{3}) /.exec(final)?.[1];
  if (status === undefined || end < 0)
    return { status: 0, contentType: undefined, body: text.slice(0, 80), head: false, method: '' };
  const contentType = /\r\ncontent-type: *([^\r\n]*)/i.exec(final.slice(0, end + 2))?.[1];
  return {
    status: Number(status),
    contentType,
    body: final.slice(end + 4),
    head: false,
    method: '',
  };
}

describe(`fuzzing every route (seed ${SEED})`, () => {
  it(`answers ${REQUESTS} generated requests without a 5xx, each refusal in its route's shape`, async () => {
    const random = new SeededRandom(SEED);
    const requests = Array.from({ length: REQUESTS }, () => fuzzRequest(random, knownIds));
    const violations: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const req = requests[index]!;
        const answer =
          req.kind === 'http'
            ? await sendHttp(server.url, req)
            : await sendRaw(server.url, req.bytes);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const method = req.kind === 'http' ? req.method : rawMethod(req.bytes);
        // Bytes that hold no request at all (only blank lines) are owed no answer.
        const unanswerable = req.kind === 'raw' && req.bytes.toString('latin1').trim() === '';
        const problem =
          unanswerable && answer.status === 0
            ? undefined
            : shapeViolation(method, req.path, answer, { raw: req.kind === 'raw' });
        if (problem !== undefined)
          violations.push(`#${index} ${summary(req)} → ${answer.status}: ${problem}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const raw = requests.filter((req) => req.kind === 'raw').length;
    console.info(
      `fuzz seed ${SEED}: ${requests.length} requests (${raw} raw), statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(violations.slice(0, 20)).toEqual([]);
    expect(raw).toBeGreaterThan(REQUESTS / 10);
    expect(
      new Set(requests.map((req) => req.kind === 'http' && req.method)).size,
    ).toBeGreaterThanOrEqual(7);

    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/tools?q=postgres`)).status).toBe(200);
  }, 300_000);
});

function rawMethod(bytes: Buffer): string {
  return /^([A-Za-z]+) /.exec(bytes.subarray(0, 20).toString('latin1'))?.[1] ?? '';
}

function summary(req: FuzzRequest): string {
  if (req.kind === 'raw')
    return `raw ${JSON.stringify(req.bytes.subarray(0, 100).toString('latin1'))}`;
  return `${req.method} ${req.path.slice(0, 100)} ${JSON.stringify(req.headers)}${req.body === undefined ? '' : ` body ${JSON.stringify(req.body.slice(0, 60))}`}`;
}
