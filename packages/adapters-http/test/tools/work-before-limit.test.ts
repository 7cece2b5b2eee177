import { afterEach, describe, expect, it } from '@jest/globals';
import { kibibytePageTools } from '../support/kibibyte-page-tools.js';
import { limitedQuota, startReadApi, type RunningReadApi } from '../support/read-api-harness.js';
import { rawRequest } from '../support/raw-http.js';

const tools = kibibytePageTools();

let api: RunningReadApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('a refused request costs no search work (docs/api.md#caching-and-etags)', () => {
  it('answers 429 without running the search and without Server-Timing', async () => {
    api = await startReadApi(tools, { quota: limitedQuota(100, 1) });
    expect((await fetch(`${api.url}/api/v1/tools?q=tool`)).status).toBe(200);
    const ran = api.executions().search;
    const refused = await fetch(`${api.url}/api/v1/tools?q=another`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('server-timing')).toBeNull();
    expect(api.executions().search).toBe(ran);
  });

  it('answers 429 on detail without looking the tool up', async () => {
    api = await startReadApi(tools, { quota: limitedQuota(1, 100) });
    expect((await fetch(`${api.url}/api/v1/tools/tool-1`)).status).toBe(200);
    const refused = await fetch(`${api.url}/api/v1/tools/tool-2`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('server-timing')).toBeNull();
    expect(api.executions().detail).toBe(1);
  });
});

describe('a conditional request is decided without running the use case', () => {
  it('answers a matching If-None-Match with 304, no search, no quota', async () => {
    api = await startReadApi(tools, { quota: limitedQuota(100, 1) });
    const first = await rawRequest(`${api.url}/api/v1/tools?q=tool&limit=5`);
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(api.executions().search).toBe(1);

    // The search bucket (size 1) is now empty: a 304 must neither search nor be refused.
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`, '*']) {
      const again = await rawRequest(`${api.url}/api/v1/tools?q=tool&limit=05`, {
        headers: { 'If-None-Match': header },
      });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['server-timing']).toBeUndefined();
    }
    expect(api.executions().search).toBe(1);
    expect((await rawRequest(`${api.url}/api/v1/tools?q=other`)).status).toBe(429);
  });

  it('answers detail 304s without running GetTool, and If-None-Match: * only for a tool that exists', async () => {
    api = await startReadApi(tools);
    const first = await rawRequest(`${api.url}/api/v1/tools/tool-3`);
    const again = await rawRequest(`${api.url}/api/v1/tools/tool-3`, {
      headers: { 'If-None-Match': first.headers.etag! },
    });
    expect(again.status).toBe(304);
    const star = await rawRequest(`${api.url}/api/v1/tools/tool-3`, {
      headers: { 'If-None-Match': '*' },
    });
    expect(star.status).toBe(304);
    expect(api.executions().detail).toBe(1);
    const missing = await rawRequest(`${api.url}/api/v1/tools/no-such-tool`, {
      headers: { 'If-None-Match': '*' },
    });
    expect(missing.status).toBe(404);
  });

  it('changes the ETag when the publication changes', async () => {
    api = await startReadApi(tools);
    const before = await rawRequest(`${api.url}/api/v1/tools?limit=2`);
    const { Publication } = await import('@reviews/domain');
    const { aCatalog } = await import('@reviews/domain/testing');
    api.live.replace(Publication.publish('next-publication', aCatalog(...tools.slice(1))));
    const after = await rawRequest(`${api.url}/api/v1/tools?limit=2`, {
      headers: { 'If-None-Match': before.headers.etag! },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('ETags per content coding (docs/api.md#caching-and-etags)', () => {
  it('gives identity, gzip and br bodies different ETags, each matching only itself', async () => {
    api = await startReadApi(tools);
    const url = `${api.url}/api/v1/tools?limit=20`;
    const codings = ['identity', 'gzip', 'br'];
    const answers = await Promise.all(
      codings.map((coding) => rawRequest(url, { headers: { 'Accept-Encoding': coding } })),
    );
    expect(answers.map((a) => a.headers['content-encoding'] ?? 'identity')).toEqual(codings);
    const etags = answers.map((a) => a.headers.etag);
    expect(new Set(etags).size).toBe(3);
    const crossed = await rawRequest(url, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etags[1]! },
    });
    expect(crossed.status).toBe(200);
    const same = await rawRequest(url, {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etags[1]! },
    });
    expect(same.status).toBe(304);
  });

  it('sends Vary: Accept-Encoding on the 304 as on the 200', async () => {
    api = await startReadApi(tools);
    const url = `${api.url}/api/v1/tools/tool-1`;
    const ok = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(ok.headers.vary).toMatch(/Accept-Encoding/);
    const notModified = await rawRequest(url, {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': ok.headers.etag! },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.vary).toBe(ok.headers.vary);
  });
});

describe('every response and every /api/v1 request', () => {
  it('carries X-Content-Type-Options: nosniff, errors and preflights included', async () => {
    api = await startReadApi(tools);
    const answers = await Promise.all([
      rawRequest(`${api.url}/api/v1/tools`),
      rawRequest(`${api.url}/api/v1/tools?limit=0`),
      rawRequest(`${api.url}/api/v1/nothing`),
      rawRequest(`${api.url}/healthz`),
      rawRequest(`${api.url}/api/v1/tools`, { method: 'DELETE' }),
      rawRequest(`${api.url}/api/v1/tools`, { method: 'OPTIONS' }),
    ]);
    for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('charges 405s and unknown /api/v1 paths to api, but not CORS preflights', async () => {
    api = await startReadApi(tools, { quota: limitedQuota(2, 100) });
    const preflight = await rawRequest(`${api.url}/api/v1/tools`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    const wrongMethod = await rawRequest(`${api.url}/api/v1/tools`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.ratelimit).toMatch(/^"api";r=1;/);
    const unknown = await rawRequest(`${api.url}/api/v1/unknown`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.ratelimit).toMatch(/^"api";r=0;/);
    expect((await rawRequest(`${api.url}/api/v1/tools/tool-1`)).status).toBe(429);
    expect((await rawRequest(`${api.url}/api/v1/tools`, { method: 'OPTIONS' })).status).toBe(204);
  });
});
