import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aReview, aTool } from '@reviews/domain/testing';
import type { SeenResponse } from '../support/openapi-conformance.js';
import { rawRequest } from '../support/raw-http.js';
import {
  startReadApi,
  testOpenApiConformance,
  type RunningReadApi,
} from '../support/read-api-harness.js';

const okHeaders = {
  'content-type': 'application/json; charset=utf-8',
  etag: '"abc"',
  'cache-control': 'public, max-age=300',
  'x-request-id': 'r1',
  'server-timing': 'use-case;dur=0.1',
};
const rights = {
  copyrightHolder: 'H',
  copyrightYear: 2026,
  statement: 'S',
  usageTerms: 'T',
  contact: 'C',
  usageInfo: 'I',
};
const searchBody = { schemaVersion: 1, items: [], nextCursor: null, historicalNotice: 'N', rights };
const seen = (overrides: Partial<SeenResponse> & { json?: unknown }): SeenResponse => ({
  method: 'GET',
  path: '/api/v1/tools',
  status: 200,
  headers: okHeaders,
  body: Buffer.from(JSON.stringify(overrides.json ?? searchBody)),
  ...overrides,
});

describe('OpenApiConformance (the check every HTTP test server runs)', () => {
  it('accepts a response the document describes', () => {
    expect(testOpenApiConformance().check(seen({}))).toEqual([]);
  });

  it('rejects a body that breaks the schema, a missing required header, an undeclared status or media type', () => {
    const checker = testOpenApiConformance();
    expect(checker.check(seen({ json: { ...searchBody, schemaVersion: 2 } }))[0]).toMatch(
      /body .*const/,
    );
    const noEtag = { ...okHeaders, etag: undefined };
    expect(checker.check(seen({ headers: noEtag }))).toEqual([
      'GET /api/v1/tools → 200: missing header ETag',
    ]);
    expect(checker.check(seen({ status: 418 }))[0]).toMatch(/status not declared/);
    expect(
      checker.check(seen({ headers: { ...okHeaders, 'content-type': 'text/html' } }))[0],
    ).toMatch(/media type "text\/html" not declared/);
    expect(
      checker.check(
        seen({
          status: 429,
          headers: {
            'content-type': 'application/json',
            'retry-after': 'soon',
            'x-request-id': 'r',
          },
          json: { error: 'Too many.' },
        }),
      )[0],
    ).toMatch(/header Retry-After=soon/);
    expect(checker.violations).toHaveLength(5);
    expect(() => checker.assertConforms()).toThrow(/break the OpenAPI document/);
  });

  it('does not judge paths the document does not describe', () => {
    const checker = testOpenApiConformance();
    expect(checker.check(seen({ path: '/healthz', json: { status: 'ok' } }))).toEqual([]);
    expect(checker.checkedCount).toBe(0);
  });
});

describe('a test server checks every response it sends', () => {
  let api: RunningReadApi;
  beforeAll(async () => {
    api = await startReadApi([
      aTool().withId('quill').withReviews(aReview(), aReview()).build(),
      ...Array.from({ length: 30 }, (_, i) => aTool().withId(`t-${i}`).build()),
    ]);
  });
  afterAll(() => api.close());

  it('judges successes, 304s, errors, HEAD and compressed bodies, and finds them conforming', async () => {
    const first = await fetch(`${api.url}/api/v1/tools?limit=20`);
    await first.arrayBuffer();
    const requests: Array<Promise<unknown>> = [
      fetch(`${api.url}/api/v1/tools/quill`).then((r) => r.arrayBuffer()),
      fetch(`${api.url}/api/v1/tools?limit=99`).then((r) => r.arrayBuffer()),
      fetch(`${api.url}/api/v1/tools/nothing-here`).then((r) => r.arrayBuffer()),
      fetch(`${api.url}/api/v1/tools`, { method: 'DELETE' }).then((r) => r.arrayBuffer()),
      rawRequest(`${api.url}/api/v1/tools?limit=20`, {
        headers: { 'If-None-Match': first.headers.get('etag')! },
      }),
      rawRequest(`${api.url}/api/v1/tools?limit=20`, { headers: { 'Accept-Encoding': 'br' } }),
      rawRequest(`${api.url}/api/v1/tools`, { method: 'HEAD' }),
    ];
    await Promise.all(requests);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.conformance.checkedCount).toBe(8);
    expect(api.conformance.violations).toEqual([]);
  });
});
