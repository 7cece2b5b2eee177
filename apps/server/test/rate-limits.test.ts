import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../src/logging/logger.js';
import { startServer, type RunningServer } from '../src/server.js';
import { withOpenApiCheck } from './support/openapi-checked-server.js';
import {
  REDIS_TEST_URL,
  describeWithRedis,
} from '../../../packages/adapters-persistence/test/rate-limiting/redis-test-server.js';

const dataDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'reviews-limits-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function start(
  env: Record<string, string>,
  logger = createLogger('silent'),
): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir(),
    LOG_LEVEL: 'silent',
    ...env,
  });
  return withOpenApiCheck(await startServer(config, logger), config);
}

describe('rate limits on the read API (in process)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start({ RATE_LIMIT_SEARCH: '3', RATE_LIMIT_API: '5' });
  });
  afterAll(() => server.close());

  it('reports RateLimit headers, refuses past the search bucket with 429 and Retry-After, and lets a 304 through free', async () => {
    const first = await fetch(`${server.url}/api/v1/tools?q=postgres`);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"api";q=5;w=60, "search";q=3;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"api";r=4;t=\d+, "search";r=2;t=\d+$/);
    const etag = first.headers.get('etag')!;

    expect((await fetch(`${server.url}/api/v1/tools?q=rust`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/tools?q=go`)).status).toBe(200);
    const refused = await fetch(`${server.url}/api/v1/tools?q=python`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()) as { error: string }).toEqual({
      error: expect.stringMatching(/Wait \d+ seconds?/),
    });

    const notModified = await fetch(`${server.url}/api/v1/tools?q=postgres`, {
      headers: { 'If-None-Match': etag },
    });
    expect(notModified.status).toBe(304);
  });

  it('counts detail requests in the api bucket only, and MCP requests in the same buckets', async () => {
    const detail = await fetch(`${server.url}/api/v1/tools/no-such-tool`);
    expect(detail.status).toBe(404);
    expect(detail.headers.get('ratelimit')).toMatch(/^"api";r=0;t=\d+$/);
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(429);
    const body = (await mcp.json()) as { error: { data: { retryAfterSeconds: number } } };
    expect(body.error.data.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('never lets a forged X-Forwarded-For change the bucket', async () => {
    const forged = await fetch(`${server.url}/api/v1/tools/x`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(forged.status).toBe(429);
  });
});

describe('rate limits behind a trusted proxy (TRUST_PROXY)', () => {
  it('charges an X-Forwarded-For that holds no address to the proxy, on every path, warning once', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = createLogger('warn', { write: (line: string) => lines.push(JSON.parse(line)) });
    const server = await start({ TRUST_PROXY: '127.0.0.1' }, logger);
    const get = (path: string, forwardedFor?: string) =>
      fetch(`${server.url}${path}`, {
        headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor },
      });
    const mcpCall = (forwardedFor: string) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Protocol-Version': '2025-11-25',
          'X-Forwarded-For': forwardedFor,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_tools', arguments: { q: 'postgres' } },
        }),
      });
    const left = (res: Response, bucket: string) =>
      Number(new RegExp(`"${bucket}";r=(\\d+)`).exec(res.headers.get('ratelimit') ?? '')?.[1]);
    try {
      const api = left(await get('/api/v1/tools?q=postgres'), 'api'); // the proxy's own, Express
      const pages = left(await get('/subscribe'), 'pages');
      const charged = [
        left(await get('/api/v1/tools?q=postgres', 'garbage'), 'api'), // cached
        left(await get('/api/v1/tools?q=rust', '[1:2:0:3::1]'), 'api'), // Express
        left(await mcpCall('garbage'), 'api'), // the MCP route
        left(await mcpCall('[1:2:0:3::1]'), 'api'), // a known MCP call, before Express
      ];
      expect(charged).toEqual([api - 1, api - 2, api - 3, api - 4]);
      expect(left(await get('/subscribe', 'garbage'), 'pages')).toBe(pages - 1);
      expect(left(await get('/api/v1/tools?q=postgres', '203.0.113.9'), 'api')).toBe(api);
    } finally {
      await server.close();
    }
    const warnings = lines.filter((line) => /X-Forwarded-For/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
  });
});

describe('rate limits on pages', () => {
  it('counts the signup page in the pages bucket', async () => {
    const server = await start({ RATE_LIMIT_PAGES: '1' });
    try {
      const first = await fetch(`${server.url}/subscribe`);
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-policy')).toBe('"pages";q=1;w=60');
      expect((await fetch(`${server.url}/subscribe`)).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

const redisUrl = REDIS_TEST_URL;
const withRedis = await describeWithRedis();

withRedis('rate limits shared through Redis (REDIS_URL)', () => {
  it('counts one client across two instances', async () => {
    const flush = new Redis(redisUrl);
    await flush.eval("for _,k in ipairs(redis.call('keys','rl:*')) do redis.call('del',k) end", 0);
    flush.disconnect();
    const a = await start({ REDIS_URL: redisUrl, RATE_LIMIT_SEARCH: '2' });
    const b = await start({ REDIS_URL: redisUrl, RATE_LIMIT_SEARCH: '2' });
    try {
      expect((await fetch(`${a.url}/api/v1/tools?q=one`)).status).toBe(200);
      expect((await fetch(`${b.url}/api/v1/tools?q=two`)).status).toBe(200);
      expect((await fetch(`${a.url}/api/v1/tools?q=three`)).status).toBe(429);
      expect((await fetch(`${b.url}/api/v1/tools?q=four`)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
