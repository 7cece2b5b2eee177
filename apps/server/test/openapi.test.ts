import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/server-config.js';
import { createLogger } from '../src/logging/logger.js';
import { startServer, type RunningServer } from '../src/server.js';

interface OpenApi {
  openapi: string;
  info: { version: string };
  servers: Array<{ url: string }>;
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, object> };
}

const work = mkdtempSync(path.join(tmpdir(), 'reviews-openapi-'));
let server: RunningServer;
let doc: OpenApi;

beforeAll(async () => {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: 'https://reviews.test',
    DATA_DIR: work,
  });
  server = await startServer(config, createLogger('silent'));
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
      ['200', '400', '403', '409', '413', '429', '502', '503'].sort(),
    );
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
  });

  it('supports ETag and If-None-Match', async () => {
    const first = await fetch(`${server.url}/api/v1/openapi.json`);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/api/v1/openapi.json`, {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});
