import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { RateLimitedQuota, type RequestQuota } from '@reviews/application';
import { headerlessFrame, rawClientKey, requestFrameHeaders } from '@reviews/adapters-http';
import { KnownCalls, knownMcpCalls, MCP_PATH } from '@reviews/adapters-mcp';
import {
  aServiceProfile,
  CountingRateLimiter,
  readUseCasesOver,
  RecordingLogger,
  SettableClock,
  unlimitedQuota,
} from '@reviews/application/testing';
import { Publication } from '@reviews/domain';
import { aCatalog, aTool } from '@reviews/domain/testing';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import {
  rawRequest,
  type RawResponse,
} from '../../../../packages/adapters-http/test/support/raw-http.js';
import { TOO_DEEP_ANSWER } from '../../../../packages/adapters-mcp/test/support/raw-mcp.js';
import { restAndMcpApp } from './support/rest-and-mcp-app.js';

const profile = aServiceProfile();
const catalogOf = (words: string) =>
  aCatalog(
    ...Array.from({ length: 12 }, (_, i) =>
      aTool()
        .withId(`tool-${i}`)
        .named(`Tool ${i}`)
        .describedAs(`A developer tool about ${words}, described at length so the answer is long.`),
    ),
  );

interface Server {
  readonly url: string;
  /** How many requests the fast path answered (its request frame ran). */
  fastAnswers(): number;
  /** The access log lines, without what differs per request. */
  accessLog(): unknown[];
  /** The error lines' messages. */
  errors(): string[];
  close(): Promise<void>;
}

/**
 * The service's HTTP app with the MCP router over the shared use cases; `fast` adds what the
 * server adds: recorded answers and the listener answering them before Express.
 */
async function startServer(
  cases: ReturnType<typeof readUseCasesOver>,
  fast: boolean,
  quota: RequestQuota,
): Promise<Server> {
  const { live } = cases;
  const logger = new RecordingLogger();
  const contentVersion = () => live.current()?.id;
  const knownCalls = fast ? new KnownCalls(contentVersion) : undefined;
  const app = restAndMcpApp(cases, {
    quota,
    logger,
    mcp: { contentVersion, ...(knownCalls === undefined ? {} : { knownCalls }) },
  });
  let answered = 0;
  const frame = headerlessFrame(logger);
  const before =
    knownCalls === undefined
      ? undefined
      : knownMcpCalls({
          knownCalls,
          quota,
          clientKeyOf: rawClientKey(false, logger),
          frame: (req, res, route) => {
            answered++;
            return frame(req, res, route);
          },
          frameHeaders: requestFrameHeaders,
          baseUrl: profile.baseUrl,
          logger,
        });
  const server = http.createServer((req, res) => {
    if (before === undefined || !before(req, res, app)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    fastAnswers: () => answered,
    accessLog: () =>
      logger.lines
        .filter((line) => line.message === 'request')
        .map(({ fields }) => ({
          method: fields['method'],
          path: fields['path'],
          status: fields['status'],
        })),
    errors: () => logger.errors.map((line) => line.message),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Sent {
  readonly headers: Record<string, string>;
  readonly body: string;
}

const post = (url: string, sent: Sent): Promise<RawResponse> =>
  rawRequest(url, { method: 'POST', headers: sent.headers, body: sent.body });

/** Headers that differ between any two responses by nature. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'server-timing', 'connection', 'keep-alive']);

/** Status, headers (rate-limit counts masked) and the body decoded from its content coding. */
function comparable(res: { status: number; headers: IncomingHttpHeaders; body: Buffer }) {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (PER_REQUEST.has(name)) continue;
    headers[name] = name === 'ratelimit' ? String(value).replace(/r=\d+;t=\d+/g, 'r=N;t=N') : value;
  }
  const coding = res.headers['content-encoding'];
  const body =
    coding === 'br'
      ? brotliDecompressSync(res.body)
      : coding === 'gzip'
        ? gunzipSync(res.body)
        : coding === 'deflate'
          ? inflateSync(res.body)
          : res.body;
  return { status: res.status, headers, body: body.toString('utf8') };
}

const LEGACY = {
  Accept: 'application/json, text/event-stream',
  'Content-Type': 'application/json',
};
const MODERN_VERSION = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};

function legacyCall(id: unknown, name: string, args: unknown, extra: Record<string, string> = {}) {
  return {
    headers: { ...LEGACY, 'Mcp-Protocol-Version': '2025-11-25', ...extra },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  };
}

function modernCall(id: unknown, name: string, args: unknown, extra: Record<string, string> = {}) {
  return {
    headers: {
      ...LEGACY,
      'Mcp-Protocol-Version': MODERN_VERSION,
      'Mcp-Method': 'tools/call',
      'Mcp-Name': name,
      ...extra,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args, _meta: META },
    }),
  };
}

/** A request of another method than `tools/call` (resources, prompts, completions). */
function legacyRequest(id: unknown, method: string, params: Record<string, unknown>) {
  return {
    headers: { ...LEGACY, 'Mcp-Protocol-Version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  };
}

function modernRequest(
  id: unknown,
  method: string,
  params: Record<string, unknown>,
  name?: string,
) {
  return {
    headers: {
      ...LEGACY,
      'Mcp-Protocol-Version': MODERN_VERSION,
      'Mcp-Method': method,
      ...(name === undefined ? {} : { 'Mcp-Name': name }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } }),
  };
}

const running: Server[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function startPair(quota: () => RequestQuota = () => unlimitedQuota) {
  const cases = readUseCasesOver(catalogOf('postgres'), { publicationId: 'first', profile });
  const plain = await startServer(cases, false, quota());
  const fast = await startServer(cases, true, quota());
  running.push(plain, fast);
  return { cases, plain, fast };
}

/** Sends `sent` to both, then `again` (the same call, perhaps another id) to both. */
async function sameAnswers(plain: Server, fast: Server, sent: Sent, again: Sent = sent) {
  expect(comparable(await post(fast.url, sent))).toEqual(comparable(await post(plain.url, sent)));
  const byFast = await post(fast.url, again);
  const byPlain = await post(plain.url, again);
  expect(comparable(byFast)).toEqual(comparable(byPlain));
  return byFast;
}

const SEARCH = { q: 'postgres' };
const known: Array<[string, Sent, Sent]> = [
  [
    '2025, search_tools, numeric id',
    legacyCall(1, 'search_tools', SEARCH),
    legacyCall(2, 'search_tools', SEARCH),
  ],
  [
    '2025, search_tools, string ids, br',
    legacyCall('a', 'search_tools', SEARCH, { 'Accept-Encoding': 'br' }),
    legacyCall('b"\\ü', 'search_tools', SEARCH, { 'Accept-Encoding': 'br' }),
  ],
  [
    '2025, get_tool, gzip, same id twice',
    legacyCall(5, 'get_tool', { id: 'tool-3' }, { 'Accept-Encoding': 'gzip' }),
    legacyCall(5, 'get_tool', { id: 'tool-3' }, { 'Accept-Encoding': 'gzip' }),
  ],
  [
    '2025, search_tools, deflate',
    legacyCall(1, 'search_tools', SEARCH, { 'Accept-Encoding': 'deflate' }),
    legacyCall(9, 'search_tools', SEARCH, { 'Accept-Encoding': 'deflate' }),
  ],
  [
    '2026-07-28, search_tools, br or gzip',
    modernCall(1, 'search_tools', SEARCH, { 'Accept-Encoding': 'gzip, br' }),
    modernCall('x-2', 'search_tools', SEARCH, { 'Accept-Encoding': 'gzip, br' }),
  ],
  [
    '2026-07-28, get_tool, identity',
    modernCall('g', 'get_tool', { id: 'tool-1' }),
    modernCall(77, 'get_tool', { id: 'tool-1' }),
  ],
];

const notKnown: Array<[string, Sent]> = [
  ['unknown tool', legacyCall(1, 'no_such_tool', {})],
  ['2025, resources/read', legacyRequest(1, 'resources/read', { uri: 'reviews://tools/tool-3' })],
  [
    '2026-07-28, resources/read',
    modernRequest(1, 'resources/read', { uri: 'reviews://tools/tool-3' }, 'reviews://tools/tool-3'),
  ],
  ['2025, resources/list', legacyRequest(1, 'resources/list', {})],
  [
    '2026-07-28, prompts/get',
    modernRequest(
      1,
      'prompts/get',
      { name: 'evaluate_tool', arguments: { id: 'tool-3' } },
      'evaluate_tool',
    ),
  ],
  [
    '2025, completion/complete',
    legacyRequest(1, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'evaluate_tool' },
      argument: { name: 'id', value: 'tool' },
    }),
  ],
  ['bad arguments (a tool error)', legacyCall(1, 'get_tool', { id: 42 })],
  [
    '2026-07-28, Mcp-Name disagreeing with the body',
    modernCall(1, 'search_tools', SEARCH, { 'Mcp-Name': 'get_tool' }),
  ],
  [
    '2026-07-28, an unsupported protocol version',
    modernCall(1, 'search_tools', SEARCH, { 'Mcp-Protocol-Version': '2099-01-01' }),
  ],
  ['a fractional id', legacyCall(1.5, 'search_tools', SEARCH)],
  [
    'a notification (no id)',
    {
      headers: legacyCall(1, 'search_tools', SEARCH).headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'tools/call',
        params: { name: 'search_tools', arguments: SEARCH },
      }),
    },
  ],
  [
    'a batch',
    {
      headers: legacyCall(1, 'search_tools', SEARCH).headers,
      body: `[${legacyCall(1, 'search_tools', SEARCH).body}]`,
    },
  ],
  [
    'a body that is not JSON',
    { headers: legacyCall(1, 'search_tools', SEARCH).headers, body: '{"jsonrpc":' },
  ],
  [
    'a JSON string body',
    { headers: legacyCall(1, 'search_tools', SEARCH).headers, body: '"tools/call"' },
  ],
  [
    'a byte order mark',
    {
      headers: legacyCall(1, 'search_tools', SEARCH).headers,
      body: `\uFEFF${legacyCall(1, 'search_tools', SEARCH).body}`,
    },
  ],
  ['a bad Origin', legacyCall(1, 'search_tools', SEARCH, { Origin: 'https://evil.example' })],
  [
    'an allowed Origin',
    legacyCall(1, 'search_tools', SEARCH, { Origin: new URL(profile.baseUrl).origin }),
  ],
  [
    'no Accept',
    {
      headers: { 'Content-Type': 'application/json' },
      body: legacyCall(1, 'search_tools', SEARCH).body,
    },
  ],
  [
    'text/plain',
    {
      headers: { ...LEGACY, 'Content-Type': 'text/plain' },
      body: legacyCall(1, 'search_tools', SEARCH).body,
    },
  ],
];

describe('known MCP calls answered before Express and the SDK (issue 12)', () => {
  it.each(known)('%s: the answer is the SDK’s, with the id as sent', async (_name, sent, again) => {
    const { plain, fast } = await startPair();
    const answer = await sameAnswers(plain, fast, sent, again);
    expect(fast.fastAnswers()).toBe(1);
    expect(answer.status).toBe(200);
    const id = (JSON.parse(again.body) as { id: unknown }).id;
    expect((JSON.parse(comparable(answer).body) as { id: unknown }).id).toEqual(id);
  });

  it.each(notKnown)('%s: answered by the SDK path, identically', async (_name, sent) => {
    const { plain, fast } = await startPair();
    // A known answer exists, so the fast path looks at every request.
    await sameAnswers(plain, fast, legacyCall(1, 'search_tools', SEARCH));
    const answered = fast.fastAnswers();
    await sameAnswers(plain, fast, sent);
    expect(fast.fastAnswers()).toBe(answered);
  });

  it.each([
    ['id leading (most clients)', (id: unknown) => legacyCall(id, 'search_tools', SEARCH)],
    [
      'id trailing (the TypeScript SDK)',
      (id: unknown) => ({
        headers: legacyCall(1, 'search_tools', SEARCH).headers,
        body: JSON.stringify({
          method: 'tools/call',
          params: { name: 'search_tools', arguments: SEARCH },
          jsonrpc: '2.0',
          id,
        }),
      }),
    ],
    [
      'id leading, 2026-07-28, gzip',
      (id: unknown) => modernCall(id, 'get_tool', { id: 'tool-4' }, { 'Accept-Encoding': 'gzip' }),
    ],
  ])('%s: a call sent again with any id is answered as the SDK answers it', async (_name, call) => {
    const { plain, fast } = await startPair();
    await sameAnswers(plain, fast, call(1), call(2));
    const parsedHere = jest.spyOn(KnownCalls, 'requestOf');
    try {
      for (const [id, byText] of [
        [3, true],
        ['x-7', true],
        [0, true],
        [-12, true],
        ['', true],
        ['b"\\ü', false],
        [4.5, false],
        [2 ** 60, false],
      ] as const) {
        parsedHere.mockClear();
        expect(comparable(await post(fast.url, call(id)))).toEqual(
          comparable(await post(plain.url, call(id))),
        );
        // Recognised by its text: its body was not parsed into a key.
        expect(parsedHere.mock.calls.length === 0).toBe(byText);
      }
    } finally {
      parsedHere.mockRestore();
    }
    // All but the first (the SDK's) and the two ids that are no known call (4.5, 2^60).
    expect(fast.fastAnswers()).toBe(7);
  });

  it('answers with the id JSON.parse takes when a call names its id twice', async () => {
    const { plain, fast } = await startPair();
    const twice = (first: number) => ({
      headers: legacyCall(1, 'search_tools', SEARCH).headers,
      body: `{"jsonrpc":"2.0","id":${first},"method":"tools/call","params":{"name":"search_tools","arguments":{"q":"postgres"}},"id":7}`,
    });
    await sameAnswers(plain, fast, twice(1), twice(2));
    const third = await post(fast.url, twice(3));
    expect(comparable(third)).toEqual(comparable(await post(plain.url, twice(3))));
    expect((JSON.parse(comparable(third).body) as { id: unknown }).id).toBe(7);
    expect(fast.fastAnswers()).toBe(2);
  });

  it('answers for the new publication after a swap, never the old answer', async () => {
    const { cases, plain, fast } = await startPair();
    const call = legacyCall(1, 'search_tools', { q: 'tool' }, { 'Accept-Encoding': 'br' });
    const old = await sameAnswers(plain, fast, call);
    cases.live.replace(Publication.publish('second', catalogOf('redis')));
    const after = await sameAnswers(plain, fast, call);
    expect(comparable(after).body).not.toBe(comparable(old).body);
    expect(fast.fastAnswers()).toBe(2);
  });

  it('logs each answer as the Express path does, and keeps a well-formed client request id', async () => {
    const { plain, fast } = await startPair();
    const call = legacyCall(1, 'search_tools', SEARCH, { 'X-Request-Id': 'client-7' });
    await sameAnswers(plain, fast, call);
    expect(fast.fastAnswers()).toBe(1);
    expect(fast.accessLog()).toEqual(plain.accessLog());
    expect(fast.accessLog()).toEqual([
      { method: 'POST', path: '/mcp', status: 200 },
      { method: 'POST', path: '/mcp', status: 200 },
    ]);
    expect((await post(fast.url, call)).headers['x-request-id']).toBe('client-7');
  });

  it('charges the same buckets and refuses with the same 429', async () => {
    const quota = () =>
      new RateLimitedQuota(
        new CountingRateLimiter(new SettableClock(), {
          api: { points: 10, windowSeconds: 60 },
          search: { points: 3, windowSeconds: 60 },
        }),
      );
    const { plain, fast } = await startPair(quota);
    const call = legacyCall('s', 'search_tools', SEARCH);
    await sameAnswers(plain, fast, call);
    await sameAnswers(plain, fast, legacyCall(3, 'get_tool', { id: 'tool-2' }));
    const refused = await sameAnswers(plain, fast, call);
    expect(refused.status).toBe(429);
    // The second of each pair, and both calls of the last pair (the refusal included).
    expect(fast.fastAnswers()).toBe(4);
  });

  it.each([
    ['2025', 65, legacyCall],
    ['2025', 5_000, legacyCall],
    ['2026-07-28', 10_000, modernCall],
    ['2026-07-28', 30_000, modernCall],
  ])(
    '%s: arguments nested %i deep are refused -32600 on both paths, unparsed',
    async (_generation, depth, call) => {
      const { plain, fast } = await startPair();
      await sameAnswers(plain, fast, call(1, 'search_tools', SEARCH));
      const answered = fast.fastAnswers();
      const parsedHere = jest.spyOn(KnownCalls, 'requestOf');
      try {
        const refused = await sameAnswers(
          plain,
          fast,
          nestedCall(call(2, 'search_tools', SEARCH), depth),
        );
        expect(refused.status).toBe(400);
        expect(JSON.parse(comparable(refused).body)).toEqual(TOO_DEEP_ANSWER);
        expect(parsedHere).not.toHaveBeenCalled();
      } finally {
        parsedHere.mockRestore();
      }
      expect(fast.fastAnswers()).toBe(answered);
      expect([...plain.errors(), ...fast.errors()]).toEqual([]);
    },
  );

  it('answers a failure 500 with -32603 and logs it, in the fast path’s body events as on the Express path', async () => {
    const { plain, fast } = await startPair();
    await sameAnswers(plain, fast, legacyCall(1, 'search_tools', SEARCH));
    const answered = fast.fastAnswers();
    const failing = jest.spyOn(KnownCalls, 'requestOf').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    const origin = { Origin: new URL(profile.baseUrl).origin };
    try {
      // A call not seen before: the fast path parses it in the request's own `'end'` event;
      // with an Origin, the fast path leaves it to Express.
      for (const call of [
        legacyCall(2, 'get_tool', { id: 'tool-5' }),
        legacyCall(3, 'get_tool', { id: 'tool-6' }, origin),
      ]) {
        const failed = await post(fast.url, call);
        expect(failed.status).toBe(500);
        expect(JSON.parse(comparable(failed).body)).toEqual({
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32603,
            message: 'Something went wrong on our side. Try again later.',
          },
        });
      }
    } finally {
      failing.mockRestore();
    }
    expect(fast.errors()).toEqual(['request failed', 'request failed']);
    // The failure in the fast path framed its answer (request id, access log line).
    expect(fast.fastAnswers()).toBe(answered + 1);
    expect(fast.accessLog().slice(-2)).toEqual([
      { method: 'POST', path: '/mcp', status: 500 },
      { method: 'POST', path: '/mcp', status: 500 },
    ]);
    expect((await post(fast.url, legacyCall(4, 'search_tools', SEARCH))).status).toBe(200);
  });
});

/** `sent` with `"z": [[…]]` nested `depth` deep in all (its arguments are 3 levels down). */
function nestedCall(sent: Sent, depth: number): Sent {
  const inner = depth - 3;
  const nested = sent.body.replace(
    '"q":"postgres"',
    `"q":"postgres","z":${'['.repeat(inner)}${']'.repeat(inner)}`,
  );
  expect(nested).not.toBe(sent.body);
  return { headers: sent.headers, body: nested };
}
