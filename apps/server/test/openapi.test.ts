import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningServer } from '../src/server.js';
import { startCheckedServer } from './support/openapi-checked-server.js';

interface Parameter {
  name: string;
  in: string;
  schema: Record<string, unknown>;
}
interface OpenApi {
  openapi: string;
  info: {
    version: string;
    title: string;
    license?: { name: string; url?: string };
    contact?: { name?: string; url?: string };
  };
  security?: unknown[];
  servers: Array<{ url: string }>;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Parameter[];
        responses: Record<string, { headers?: Record<string, { required?: boolean }> }>;
      }
    >
  >;
  components: { schemas: Record<string, object> };
}

const work = mkdtempSync(path.join(tmpdir(), 'reviews-openapi-'));
let server: RunningServer;
let doc: OpenApi;

beforeAll(async () => {
  server = await startCheckedServer(work);
  doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as OpenApi;
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** Validates a body against a component of the served document (JSON Schema 2020-12, as OAS 3.1). */
function validatorFor(component: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  return ajv.compile({ $ref: `openapi.json#/components/schemas/${component}` });
}

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1.0 document, version 1.0.0, served from PUBLIC_BASE_URL, with every operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers[0]?.url).toBe('https://reviews.test');
    expect(doc.paths['/api/v1/tools']?.['get']?.operationId).toBe('searchTools');
    expect(doc.paths['/api/v1/tools/{id}']?.['get']?.operationId).toBe('getTool');
    expect(doc.paths['/subscribe']?.['post']?.operationId).toBe('subscribeNewsletter');
    expect(Object.keys(doc.paths['/subscribe']?.['post']?.responses ?? {}).sort()).toEqual(
      ['200', '400', '403', '409', '413', '429', '500', '502', '503'].sort(),
    );
  });

  it('says what the spec says: limit an integer 1–20 default 10, cursor 1–4 digits, schemaVersion the integer 1', () => {
    for (const path of ['/api/v1/tools', '/api/v1/tools/{id}']) {
      const params = doc.paths[path]!['get']!.parameters!;
      const limit = params.find((p) => p.name === 'limit')!;
      expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 20, default: 10 });
      const cursor = params.find((p) => p.name === 'cursor')!;
      expect(cursor.schema).toMatchObject({ type: 'string', pattern: '^[0-9]{1,4}$' });
    }
    for (const body of ['SearchResult', 'DetailResult']) {
      const properties = (doc.components.schemas[body] as { properties: Record<string, object> })
        .properties;
      expect(properties['schemaVersion']).toEqual({ type: 'integer', const: 1 });
    }
  });

  it('declares HEAD beside each GET it describes: same parameters, statuses and headers, no body', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations['get'];
      if (get === undefined) continue;
      const head = operations['head'];
      expect([path, head?.operationId]).toEqual([path, `${get.operationId}Head`]);
      expect(head?.parameters).toEqual(get.parameters);
      expect(Object.keys(head!.responses)).toEqual(Object.keys(get.responses));
      for (const [status, response] of Object.entries(head!.responses)) {
        expect(response.headers).toEqual(get.responses[status]!.headers);
        expect(response).not.toHaveProperty('content');
      }
    }
  });

  it('declares the headers each response carries, no authentication, a license and a contact', () => {
    const search = doc.paths['/api/v1/tools']!['get']!.responses;
    expect(Object.keys(search['200']!.headers!).sort()).toEqual(
      [
        'Cache-Control',
        'ETag',
        'RateLimit',
        'RateLimit-Policy',
        'Server-Timing',
        'X-Request-Id',
      ].sort(),
    );
    expect(search['304']!.headers).toMatchObject({ ETag: { required: true } });
    expect(search['429']!.headers).toMatchObject({ 'Retry-After': { required: true } });
    expect(search['405']!.headers).toHaveProperty('Allow');
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          expect([path, method, status, response.headers?.['X-Request-Id']?.required]).toEqual([
            path,
            method,
            status,
            true,
          ]);
        }
      }
    }
    expect(doc.security).toEqual([]);
    expect(doc.info.license?.url).toBe('https://reviews.test/developers.md#rights-and-citing');
    expect(doc.info.contact?.url).toBe('https://reviews.test/developers.md');
  });

  it('describes real responses: search, detail and errors validate against its schemas', async () => {
    const search = await (await fetch(`${server.url}/api/v1/tools?q=postgres&limit=20`)).json();
    const validSearch = validatorFor('SearchResult');
    expect(validSearch(search)).toBe(true);

    const id = (search as { items: Array<{ id: string }> }).items[0]!.id;
    const detail = await (await fetch(`${server.url}/api/v1/tools/${id}`)).json();
    const validDetail = validatorFor('DetailResult');
    expect(validDetail(detail)).toBe(true);

    const problem = await (await fetch(`${server.url}/api/v1/tools?limit=99`)).json();
    expect(validatorFor('Error')(problem)).toBe(true);
  });

  it('rejects a body that breaks the documented shape (the check can fail)', () => {
    const validSearch = validatorFor('SearchResult');
    expect(validSearch({ schemaVersion: 2, items: [], nextCursor: null })).toBe(false);
    expect(validSearch({ schemaVersion: 1.5, items: [], nextCursor: null })).toBe(false);
  });

  it('keeps response schemas open: a body with members added later still validates (docs/api.md#every-response)', async () => {
    const search = (await (await fetch(`${server.url}/api/v1/tools?q=postgres`)).json()) as {
      items: Array<Record<string, unknown>>;
    };
    const extended = {
      ...search,
      addedLater: { anything: true },
      items: search.items.map((item) => ({ ...item, addedLater: [1, 2] })),
    };
    expect(validatorFor('SearchResult')(extended)).toBe(true);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect([name, JSON.stringify(schema)]).not.toEqual([
        name,
        expect.stringContaining('"additionalProperties":false'),
      ]);
    }
    const signup = doc.paths['/subscribe']!['post']! as unknown as {
      requestBody: { content: Record<string, { schema: Record<string, unknown> }> };
      responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
    };
    expect(signup.responses['200']!.content['application/json']!.schema).not.toHaveProperty(
      'additionalProperties',
      false,
    );
    // Requests stay strict.
    expect(signup.requestBody.content['application/json']!.schema).toHaveProperty(
      'additionalProperties',
      false,
    );
  });

  it('supports ETag and If-None-Match', async () => {
    const first = await fetch(`${server.url}/api/v1/openapi.json`);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/api/v1/openapi.json`, {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('ratelimit-policy')).toBe('"api";q=60;w=60, "pages";q=120;w=60');
  });
});
