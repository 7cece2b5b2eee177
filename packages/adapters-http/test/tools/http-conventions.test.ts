import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { startReadApi, type RunningReadApi } from '../support/read-api-harness.js';
import { kibibytePageTools } from '../support/kibibyte-page-tools.js';
import { rawRequest } from '../support/raw-http.js';

const tools = kibibytePageTools();

let api: RunningReadApi;
beforeAll(async () => {
  api = await startReadApi(tools);
});
afterAll(() => api.close());

describe('conditional requests', () => {
  it('sends a strong ETag and Cache-Control on 200, and 304 with no body for a matching If-None-Match', async () => {
    // rawRequest sends no Accept-Encoding: the identity body, and its ETag.
    const first = await rawRequest(`${api.url}/api/v1/tools?limit=3`);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');

    for (const header of [etag!, `"other", ${etag}`, `W/${etag}`, '*']) {
      const again = await rawRequest(`${api.url}/api/v1/tools?limit=3`, {
        headers: { 'If-None-Match': header },
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await fetch(`${api.url}/api/v1/tools?limit=3`, {
      headers: { 'If-None-Match': '"stale"' },
    });
    expect(stale.status).toBe(200);
  });

  it('gives a different ETag for a different response', async () => {
    const a = await fetch(`${api.url}/api/v1/tools?limit=3`);
    const b = await fetch(`${api.url}/api/v1/tools?limit=4`);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
  });

  it('gives the detail operation an ETag and answers 304 too', async () => {
    const first = await rawRequest(`${api.url}/api/v1/tools/tool-1`);
    const etag = first.headers.etag!;
    const again = await rawRequest(`${api.url}/api/v1/tools/tool-1`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('compression', () => {
  it('compresses bodies over 1 KiB with gzip or br as the client allows', async () => {
    const gz = await rawRequest(`${api.url}/api/v1/tools?limit=20`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8')).items).toHaveLength(20);

    const br = await rawRequest(`${api.url}/api/v1/tools?limit=20`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8')).items).toHaveLength(20);

    const plain = await rawRequest(`${api.url}/api/v1/tools?limit=20`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small bodies uncompressed', async () => {
    const small = await rawRequest(`${api.url}/api/v1/tools/no-such`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'answers %s with 405, Allow and a JSON error',
    async (method) => {
      for (const path of ['/api/v1/tools', '/api/v1/tools/tool-1']) {
        const res = await fetch(`${api.url}${path}`, { method });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        expect(await res.json()).toEqual({ error: expect.stringContaining(method) });
      }
    },
  );

  it('answers HEAD like GET without a body', async () => {
    const res = await rawRequest(`${api.url}/api/v1/tools`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeDefined();
    expect(res.body.length).toBe(0);
  });
});

describe('cross-origin use', () => {
  it('allows any origin and exposes ETag, rate-limit headers and the request id', async () => {
    const res = await fetch(`${api.url}/api/v1/tools`, {
      headers: { Origin: 'https://elsewhere.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const name of ['ETag', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id']) {
      expect(exposed).toContain(name);
    }
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers preflights with 204, the allowed methods and headers', async () => {
    const res = await fetch(`${api.url}/api/v1/tools`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toContain('If-None-Match');
  });
});

describe('request ids and timing', () => {
  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const echoed = await fetch(`${api.url}/api/v1/tools`, {
      headers: { 'X-Request-Id': 'abc.DEF_123-x' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('abc.DEF_123-x');
    const replaced = await fetch(`${api.url}/api/v1/tools`, {
      headers: { 'X-Request-Id': 'bad id!' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await fetch(`${api.url}/api/v1/tools`, {
      headers: { 'X-Request-Id': 'a'.repeat(129) },
    });
    expect(tooLong.headers.get('x-request-id')).not.toBe('a'.repeat(129));
  });

  it('puts a request id on every response, errors included', async () => {
    const res = await fetch(`${api.url}/nowhere`);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('reports the use case time in Server-Timing on search and detail', async () => {
    for (const path of ['/api/v1/tools?q=tool', '/api/v1/tools/tool-1']) {
      const res = await fetch(`${api.url}${path}`);
      expect(res.headers.get('server-timing')).toMatch(/^use-case;dur=\d+\.\d{3}$/);
    }
  });
});

describe('unknown routes and health', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await fetch(`${api.url}/api/v2/tools`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ error: expect.stringContaining('/api/v2/tools') });
  });

  it('reports liveness and readiness', async () => {
    expect(await (await fetch(`${api.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { catalog: true } });
  });

  it('never logs query strings', async () => {
    await fetch(`${api.url}/api/v1/tools?q=secret-token-value`);
    const logged = JSON.stringify(api.logger.lines);
    expect(logged).not.toContain('secret-token-value');
    expect(logged).toContain('/api/v1/tools');
  });
});
