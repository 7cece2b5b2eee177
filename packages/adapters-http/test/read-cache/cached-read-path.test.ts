import { afterEach, describe, expect, it } from '@jest/globals';
import { LivePublication, type RateLimitedQuota } from '@reviews/application';
import { Publication } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import http, { type IncomingHttpHeaders } from 'node:http';
import { limitedQuota, startReadApi, type RunningReadApi } from '../support/read-api-harness.js';
import { rawRequest, type RawResponse } from '../support/raw-http.js';

const tools = Array.from({ length: 30 }, (_, i) =>
  aTool()
    .withId(`tool-${i}`)
    .inCategory(i % 2 === 0 ? 'Testing' : 'Databases')
    .describedAs('A tool with a description long enough that a page of them is over one kibibyte.')
    .withReviews(aReview().reviewedOn('2026-02-01')),
).map((t) => t.build());

/** Headers that differ between any two responses by nature: the clock and the request id. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'server-timing', 'connection', 'keep-alive']);

/** Status, body bytes and headers, without what differs per request (rate-limit counts masked). */
function comparable(res: RawResponse) {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (PER_REQUEST.has(name)) continue;
    headers[name] = name === 'ratelimit' ? String(value).replace(/r=\d+;t=\d+/g, 'r=N;t=N') : value;
  }
  return { status: res.status, body: res.body.toString('base64'), headers };
}

const servers: RunningReadApi[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** The service's arrangement (cached reads before Express) and Express alone, on one publication. */
async function startPair(quota?: () => RateLimitedQuota) {
  const live = new LivePublication();
  live.replace(Publication.publish('first', aCatalog(...tools)));
  const express = await startReadApi(undefined, {
    live,
    ...(quota === undefined ? {} : { quota: quota() }),
  });
  const fast = await startReadApi(undefined, {
    live,
    cachedReadPath: true,
    ...(quota === undefined ? {} : { quota: quota() }),
  });
  servers.push(express, fast);
  return { live, express, fast };
}

/** The service's arrangement behind a trusted proxy on 127.0.0.1, `search` holding `searches`. */
async function behindTrustedProxy(searches: number): Promise<RunningReadApi> {
  const fast = await startReadApi(tools, {
    cachedReadPath: true,
    quota: limitedQuota(100, searches),
    trustProxy: ['127.0.0.1'],
  });
  servers.push(fast);
  return fast;
}

const ran = (api: RunningReadApi) => api.executions().search + api.executions().detail;

const BR = { 'Accept-Encoding': 'br' };
const matrix: Array<[string, string, { method?: string; headers?: Record<string, string> }]> = [
  ['search, identity', '/api/v1/tools?q=tool', {}],
  ['search, br', '/api/v1/tools?q=tool', { headers: BR }],
  ['search, gzip', '/api/v1/tools?q=tool', { headers: { 'Accept-Encoding': 'gzip' } }],
  ['search, br or gzip', '/api/v1/tools?q=tool', { headers: { 'Accept-Encoding': 'gzip, br' } }],
  ['search in a category, limit', '/api/v1/tools?q=tool&category=Testing&limit=5', { headers: BR }],
  ['search, second page', '/api/v1/tools?q=tool&limit=5&cursor=5', { headers: BR }],
  ['browse', '/api/v1/tools', { headers: BR }],
  ['browse a category', '/api/v1/tools?category=Databases', {}],
  ['detail', '/api/v1/tools/tool-3', { headers: BR }],
  ['detail, identity', '/api/v1/tools/tool-4', {}],
  ['HEAD search', '/api/v1/tools?q=tool', { method: 'HEAD', headers: BR }],
  ['HEAD detail', '/api/v1/tools/tool-5', { method: 'HEAD' }],
  ['client request id', '/api/v1/tools?q=tool', { headers: { 'X-Request-Id': 'abc-1' } }],
  ['If-None-Match that misses', '/api/v1/tools?q=tool', { headers: { 'If-None-Match': '"x"' } }],
];
const uncached: typeof matrix = [
  ['unknown tool', '/api/v1/tools/no-such-tool', { headers: BR }],
  ['bad limit', '/api/v1/tools?q=tool&limit=0', {}],
  ['keyword-free q', '/api/v1/tools?q=%21%21', {}],
  ['POST', '/api/v1/tools', { method: 'POST' }],
  [
    'CORS preflight',
    '/api/v1/tools',
    { method: 'OPTIONS', headers: { Origin: 'https://x.example' } },
  ],
];

describe('cached reads answered before Express', () => {
  it.each(matrix)(
    '%s: the cached answer is the one Express sent, headers and bytes',
    async (_name, path, options) => {
      const { express, fast } = await startPair();
      const byExpress = await rawRequest(`${express.url}${path}`, options);
      const miss = await rawRequest(`${fast.url}${path}`, options);
      const before = ran(fast);
      const hit = await rawRequest(`${fast.url}${path}`, options);
      expect(ran(fast)).toBe(before); // answered from the cache: no use case ran
      expect(fast.cache?.size().entries).toBe(1);
      expect(comparable(miss)).toEqual(comparable(byExpress));
      expect(comparable(hit)).toEqual(comparable(miss));
      expect(hit.headerNames).toEqual(miss.headerNames); // same case, same order
      if (hit.status === 200) {
        expect(hit.headers['server-timing']).toBe('use-case;dur=0.000');
        expect(miss.headers['server-timing']).toMatch(/^use-case;dur=\d+\.\d{3}$/);
      }
      const sentId = options.headers?.['X-Request-Id'];
      if (sentId === undefined) {
        expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id']);
      } else {
        expect(hit.headers['x-request-id']).toBe(sentId);
      }
    },
  );

  it.each(uncached)(
    '%s: answered by Express both times, identically',
    async (_n, path, options) => {
      const { express, fast } = await startPair();
      const byExpress = await rawRequest(`${express.url}${path}`, options);
      const first = await rawRequest(`${fast.url}${path}`, options);
      const second = await rawRequest(`${fast.url}${path}`, options);
      expect(comparable(first)).toEqual(comparable(byExpress));
      expect(comparable(second)).toEqual(comparable(first));
      expect(fast.cache?.size().entries).toBe(0);
    },
  );

  it('answers a matching If-None-Match with the 304 Express sends, free of charge', async () => {
    const { express, fast } = await startPair(() => limitedQuota(100, 100));
    const path = '/api/v1/tools?q=tool&limit=3';
    const first = await rawRequest(`${fast.url}${path}`, { headers: BR });
    const conditional = { headers: { ...BR, 'If-None-Match': `W/${first.headers.etag}, "y"` } };
    const byExpress = await rawRequest(`${express.url}${path}`, conditional);
    const hit = await rawRequest(`${fast.url}${path}`, conditional);
    expect(byExpress.status).toBe(304);
    expect(comparable(hit)).toEqual(comparable(byExpress));
    expect(hit.headerNames).toEqual(byExpress.headerNames);
    expect(hit.headers.ratelimit).toBeUndefined();
    const anyCopy = { headers: { ...BR, 'If-None-Match': '*' } };
    expect(comparable(await rawRequest(`${fast.url}${path}`, anyCopy))).toEqual(
      comparable(await rawRequest(`${express.url}${path}`, anyCopy)),
    );
    const after = await rawRequest(`${fast.url}${path}`, { headers: BR });
    // Charged: the first GET and this one, not the 304.
    expect(after.headers.ratelimit).toBe('"api";r=98;t=60, "search";r=98;t=60');
  });

  it('charges hits and answers 429 as Express does once a bucket is empty', async () => {
    const { express, fast } = await startPair(() => limitedQuota(100, 2));
    const path = '/api/v1/tools?q=tool';
    expect((await rawRequest(`${fast.url}${path}`, { headers: BR })).status).toBe(200);
    const hit = await rawRequest(`${fast.url}${path}`, { headers: BR });
    expect(hit.status).toBe(200);
    expect(hit.headers.ratelimit).toBe('"api";r=98;t=60, "search";r=0;t=60');
    const refusedHit = await rawRequest(`${fast.url}${path}`, { headers: BR });
    for (let i = 0; i < 2; i++) await rawRequest(`${express.url}${path}`, { headers: BR });
    const refusedByExpress = await rawRequest(`${express.url}${path}`, { headers: BR });
    expect(refusedHit.status).toBe(429);
    expect(refusedHit.headers['retry-after']).toBeDefined();
    expect(comparable(refusedHit)).toEqual(comparable(refusedByExpress));
    expect(refusedHit.headerNames).toEqual(refusedByExpress.headerNames);
  });

  it('charges a hit to the client Express would charge, behind a trusted proxy', async () => {
    const fast = await behindTrustedProxy(2);
    const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
    const path = `${fast.url}/api/v1/tools?q=tool`;
    expect((await rawRequest(path, from('203.0.113.7'))).status).toBe(200); // miss, Express
    expect((await rawRequest(path, from('203.0.113.7'))).status).toBe(200); // hit
    expect((await rawRequest(path, from('203.0.113.7'))).status).toBe(429); // same bucket
    const other = await rawRequest(path, from('198.51.100.9'));
    expect(other.status).toBe(200);
    expect(other.headers.ratelimit).toBe('"api";r=99;t=60, "search";r=1;t=60');
  });

  it('charges each hit by its own X-Forwarded-For, many clients on one proxy connection', async () => {
    const fast = await behindTrustedProxy(3);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    const url = `${fast.url}/api/v1/tools?q=tool`;
    const from = async (ip: string) => {
      const res = await rawRequest(url, { headers: { 'X-Forwarded-For': ip }, agent });
      ports.add(res.localPort ?? 0);
      return res.headers.ratelimit;
    };
    try {
      await from('203.0.113.7'); // miss, Express
      expect(await from('203.0.113.7')).toBe('"api";r=98;t=60, "search";r=1;t=60');
      expect(await from('198.51.100.9')).toBe('"api";r=99;t=60, "search";r=2;t=60');
      expect(await from('203.0.113.7')).toBe('"api";r=97;t=60, "search";r=0;t=60');
      expect(await from('2001:db8::1, 198.51.100.9')).toBe('"api";r=98;t=60, "search";r=1;t=60');
      expect(await from('198.51.100.9')).toBe('"api";r=97;t=60, "search";r=0;t=60');
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('charges an X-Forwarded-For that holds no address to the proxy itself, on both paths, and warns once', async () => {
    const fast = await behindTrustedProxy(20);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const search = (q: string, forwardedFor?: string) =>
      rawRequest(`${fast.url}/api/v1/tools?q=${q}`, {
        agent,
        ...(forwardedFor === undefined ? {} : { headers: { 'X-Forwarded-For': forwardedFor } }),
      });
    const remaining = (res: RawResponse) =>
      /"search";r=(\d+)/.exec(String(res.headers.ratelimit))?.[1];
    try {
      expect(remaining(await search('tool'))).toBe('19'); // the proxy's own request, Express
      // Empty members are skipped (as Express parses the header), so only `, ,` is empty.
      const bad = ['garbage', '[1:2:0:3::1]', ', ,', '203.0.113.7, garbage', '203.0.113.7:80'];
      let left = 19;
      for (const [i, forwardedFor] of bad.entries()) {
        // A hit on the cached path, then a miss (a new query, one that finds tools: one that
        // finds none pays for its spelling corrections too) on the Express path.
        expect(remaining(await search('tool', forwardedFor))).toBe(String(--left));
        const words = ['description', 'long', 'enough', 'page', 'kibibyte'];
        expect(remaining(await search(`tool+${words[i]}`, forwardedFor))).toBe(String(--left));
      }
      // A well-formed address still counts on its own, on the same connection.
      expect(remaining(await search('tool', '198.51.100.9'))).toBe('19');
      expect(remaining(await search('tool', 'garbage'))).toBe(String(--left));
    } finally {
      agent.destroy();
    }
    const warnings = fast.logger.lines.filter((line) => line.level === 'warn');
    expect(warnings).toEqual([
      {
        level: 'warn',
        fields: {},
        message: expect.stringMatching(/X-Forwarded-For .* no IP address/),
      },
    ]);
  });

  it('charges a client by its own address, whatever X-Forwarded-For says, with no proxy trusted', async () => {
    const fast = await startReadApi(tools, { cachedReadPath: true, quota: limitedQuota(100, 3) });
    servers.push(fast);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = `${fast.url}/api/v1/tools?q=tool`;
    const from = async (ip: string) =>
      (await rawRequest(url, { headers: { 'X-Forwarded-For': ip }, agent })).headers.ratelimit;
    try {
      await from('203.0.113.7'); // miss, Express
      expect(await from('203.0.113.7')).toBe('"api";r=98;t=60, "search";r=1;t=60');
      expect(await from('198.51.100.9')).toBe('"api";r=97;t=60, "search";r=0;t=60');
    } finally {
      agent.destroy();
    }
  });

  it('serves the new publication after a swap, then caches that one', async () => {
    const { live, fast } = await startPair();
    const path = '/api/v1/tools/tool-1';
    await rawRequest(`${fast.url}${path}`, { headers: BR });
    const old = await rawRequest(`${fast.url}${path}`, { headers: BR });
    // The identity answer is cached too, so the first request after the swap asks for a key
    // the cache holds under the old publication: it must not be served.
    await rawRequest(`${fast.url}${path}`, {});
    await rawRequest(`${fast.url}${path}`, {});
    const renamed = tools.map((t) => (t.id === 'tool-1' ? { ...t, name: 'Renamed tool' } : t));
    live.replace(Publication.publish('second', aCatalog(...renamed)));
    const before = ran(fast);
    const miss = await rawRequest(`${fast.url}${path}`, {});
    expect(ran(fast)).toBe(before + 1);
    expect(JSON.parse(miss.body.toString('utf8'))).toMatchObject({
      tool: { name: 'Renamed tool' },
    });
    const newMiss = await rawRequest(`${fast.url}${path}`, { headers: BR });
    expect(newMiss.headers.etag).not.toBe(old.headers.etag);
    const hit = await rawRequest(`${fast.url}${path}`, { headers: BR });
    expect(ran(fast)).toBe(before + 2);
    expect(comparable(hit)).toEqual(comparable(newMiss));
    expect(fast.cache?.size().entries).toBe(2);
  });

  it('logs one access line per hit, with its request id and path', async () => {
    const { fast } = await startPair();
    await rawRequest(`${fast.url}/api/v1/tools?q=tool`, {});
    const hit = await rawRequest(`${fast.url}/api/v1/tools?q=tool`, {});
    const lines = fast.logger.lines.filter((l) => l.message === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.fields).toMatchObject({
      requestId: hit.headers['x-request-id'],
      method: 'GET',
      path: '/api/v1/tools',
      status: 200,
    });
  });
});
