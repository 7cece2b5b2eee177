import type { SeededRandom } from './seeded-random.js';

/** One request as the fuzzer sends it: well-formed HTTP (through node:http) or raw bytes. */
export type FuzzRequest =
  | {
      readonly kind: 'http';
      readonly method: string;
      readonly path: string;
      readonly headers: Record<string, string>;
      readonly body?: string;
    }
  | { readonly kind: 'raw'; readonly path: string | undefined; readonly bytes: Buffer };

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

const enc = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ZZ'; // a lone surrogate: send an undecodable escape instead
  }
};

function queryValue(r: SeededRandom): string {
  return r.pick([
    () => '',
    () => String(r.int(30)),
    () => String(r.int(2000)),
    () => `00${r.int(20)}`,
    () => '-1',
    () => enc(r.text(12)),
    () => enc(r.text(250)),
    () => '%',
    () => '%E0%A4%A',
    () => 'postgres+slow',
  ])();
}

function query(r: SeededRandom, names: readonly string[]): string {
  const parts: string[] = [];
  const count = r.int(4);
  for (let i = 0; i < count; i++) parts.push(`${r.pick(names)}=${queryValue(r)}`);
  if (r.chance(0.05)) parts.push('limit=1&limit=2');
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function toolId(r: SeededRandom, knownIds: readonly string[]): string {
  return r.pick([
    () => r.pick(knownIds),
    () => 'no-such-tool',
    () => 'a'.repeat(201),
    () => enc(r.text(20)),
    () => '%zz',
    () => 'UPPER_case.~ok',
    () => '..%2F..%2Fetc',
  ])();
}

const token = (r: SeededRandom) =>
  r.pick(['', 'abc', 'A'.repeat(43), enc(r.text(60)), 'x'.repeat(300)]);

/** Every route of the service (and some that are not), with plausible and hostile parameters. */
export function fuzzPath(r: SeededRandom, knownIds: readonly string[]): string {
  return r.pick([
    () => `/api/v1/tools${query(r, ['q', 'category', 'limit', 'cursor', 'junk'])}`,
    () => `/api/v1/tools${query(r, ['q', 'category', 'limit', 'cursor', 'junk'])}`,
    () => `/api/v1/tools/${toolId(r, knownIds)}${query(r, ['limit', 'cursor', 'x'])}`,
    () => `/api/v1/tools/${toolId(r, knownIds)}${query(r, ['limit', 'cursor', 'x'])}`,
    () => '/api/v1/openapi.json',
    () => `/api/v1/${enc(r.text(10))}`,
    () => '/api/v2/tools',
    () => '/reviews/index.json',
    () => '/healthz',
    () => '/readyz',
    () => '/subscribe',
    () => '/subscribe/form',
    () => `/subscribe/confirm?token=${token(r)}`,
    () => `/subscribe/unsubscribe?token=${token(r)}`,
    () => '/mcp',
    () => '/mcp',
    () => '/mcp/server-card',
    () => '/.well-known/mcp/server-card.json',
    () => '/',
    () => `/${enc(r.text(15))}`,
    () => '/%',
    () => '//api/v1/tools',
  ])();
}

function jsonRpc(r: SeededRandom, knownIds: readonly string[]): unknown {
  const id = r.pick<unknown>([1, 'a', null, {}, 2 ** 60]);
  const args = r.pick<unknown>([
    {},
    { q: r.text(30) },
    { q: r.text(220), limit: r.int(30) },
    { limit: '5' },
    { cursor: String(r.int(1200)) },
    { id: r.pick(knownIds) },
    { id: r.text(10), extra: true },
    [],
    null,
  ]);
  const call = (name: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  return r.pick<() => unknown>([
    () => call('search_tools'),
    () => call('get_tool'),
    () => call(r.text(8)),
    () => ({ jsonrpc: '2.0', id, method: 'tools/list' }),
    () => ({ jsonrpc: '2.0', id, method: 'initialize', params: {} }),
    () => ({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'fuzz', version: '1' },
      },
    }),
    () => ({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    () => [call('search_tools'), call('get_tool')],
    () => [],
    () => ({ jsonrpc: '1.0', id, method: 'tools/list' }),
    () => ({ id }),
  ])();
}

/**
 * JSON nested `depth` deep (arrays, objects or both), as text: `JSON.stringify` of such a value
 * would overflow the fuzzer's own stack. 5,000 levels once ended the process.
 */
function nested(r: SeededRandom, depth: number): string {
  return r.pick([
    () => `${'['.repeat(depth)}${']'.repeat(depth)}`,
    () => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    () => `${'[{"a":'.repeat(depth >> 1)}[]${'}]'.repeat(depth >> 1)}`,
  ])();
}

/** A `tools/call` whose arguments nest up to what the 64 KiB body limit lets through. */
function deepCall(r: SeededRandom): string {
  const depth = r.pick([62, 65, 100, 3_000, 5_000, 10_000, 20_000, 30_000]);
  return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${r.pick(['search_tools', 'get_tool'])}","arguments":{"q":"x","z":${nested(r, depth)}}}}`;
}

/** Mostly sent as JSON, so that it reaches the JSON parsers (and the known-call path). */
function asJson(r: SeededRandom, headers: Record<string, string>, text: string): string {
  if (r.chance(0.8)) headers['Content-Type'] = 'application/json';
  return text;
}

function body(
  r: SeededRandom,
  path: string,
  knownIds: readonly string[],
  headers: Record<string, string>,
): string {
  if (path.startsWith('/mcp') && r.chance(0.2)) return asJson(r, headers, deepCall(r));
  if (path.startsWith('/mcp') && r.chance(0.8)) return JSON.stringify(jsonRpc(r, knownIds));
  return r.pick([
    () => asJson(r, headers, `{"email":${nested(r, r.pick([65, 300, 500, 600]))}}`),
    () => JSON.stringify({ email: `fuzz${r.int(1e6)}@example.com` }),
    () => JSON.stringify({ email: r.text(40) }),
    () => JSON.stringify({ email: 'a@example.com', extra: 1 }),
    () => JSON.stringify({ email: `${'a'.repeat(250)}@example.com` }),
    () => `email=fuzz${r.int(1000)}%40example.com&consent=on`,
    () => '{"email":',
    () => 'x'.repeat(2000),
    () => '[]',
    () => 'null',
    () => r.text(100),
  ])();
}

function headers(r: SeededRandom, path: string): Record<string, string> {
  const h: Record<string, string> = {};
  if (r.chance(0.5))
    h['Accept-Encoding'] = r.pick([
      'gzip',
      'br',
      'deflate',
      'identity',
      'gzip;q=0, br',
      '*',
      'x-none',
    ]);
  if (r.chance(0.2)) h['If-None-Match'] = r.pick(['*', '"abc"', 'W/"abc"', '"', 'garbage']);
  if (r.chance(0.3))
    h['Content-Type'] = r.pick([
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
    ]);
  if (r.chance(0.15)) h['Origin'] = r.pick(['https://evil.example', 'http://localhost', 'null']);
  if (r.chance(0.1)) h['Sec-Fetch-Site'] = r.pick(['cross-site', 'same-origin', 'none']);
  if (r.chance(0.15)) h['X-Request-Id'] = r.pick(['ok-id_1.2', 'bad id', 'x'.repeat(200)]);
  if (r.chance(0.1)) h['X-Forwarded-For'] = '203.0.113.7';
  if (r.chance(0.08)) h['Host'] = r.pick(['evil.example', 'localhost', '[::1]', 'a b', '']);
  if (r.chance(0.05)) h['Content-Encoding'] = r.pick(['gzip', 'br', 'x-corrupt', 'identity']);
  if (path.startsWith('/mcp')) {
    if (r.chance(0.8))
      h['Accept'] = r.pick([
        'application/json, text/event-stream',
        'application/json',
        'text/html',
      ]);
    if (r.chance(0.4))
      h['MCP-Protocol-Version'] = r.pick(['2025-11-25', '2025-06-18', '2026-07-28', '1999-01-01']);
    if (r.chance(0.1)) h['Mcp-Method'] = r.pick(['tools/call', 'x']);
  } else if (r.chance(0.3)) {
    h['Accept'] = r.pick(['application/json', 'text/html', '*/*', 'image/png']);
  }
  return h;
}

/** Bytes no HTTP client library would send: what reaches Node's parser and its edges. */
function rawRequest(r: SeededRandom, path: string): { path: string | undefined; bytes: Buffer } {
  const line = (method = 'GET', version = 'HTTP/1.1') => `${method} ${path} ${version}\r\n`;
  const host = 'Host: fuzz\r\n';
  const cases: Array<() => { path: string | undefined; bytes: string | Buffer }> = [
    () => ({ path, bytes: `${line()}${host}Broken header line\r\n\r\n` }),
    () => ({ path, bytes: `${line()}${host}X-Big: ${'a'.repeat(17_000 + r.int(20_000))}\r\n\r\n` }),
    () => ({
      path,
      bytes: `${line(r.pick(['BREW', 'PROPFIND', 'get', 'CONNECT']))}${host}\r\n`,
    }),
    // A broken method token hides the route too: the refusal is plain {error}.
    () => ({ path: undefined, bytes: `${line(r.pick(['G(T', 'GE T']))}${host}\r\n` }),
    () => ({
      path,
      bytes: `${line('GET', r.pick(['HTTP/9.9', 'HTTP/1.0', 'HTTP/1', 'HTTX/1.1']))}${host}\r\n`,
    }),
    () => ({
      path,
      bytes: `${line('POST')}${host}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    }),
    () => ({ path, bytes: `${line('POST')}${host}Transfer-Encoding: chunked\r\n\r\nZZ\r\nxx\r\n` }),
    () => ({
      path,
      bytes: `${line('POST')}${host}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    }),
    () => ({ path, bytes: `${line('POST')}${host}Content-Length: -1\r\n\r\n` }),
    () => ({
      path,
      bytes: `${line()}${host}Expect: ${r.pick(['200-ok', 'x', '100-continue-not'])}\r\n\r\n`,
    }),
    () => ({ path, bytes: `${line()}\r\n` }),
    () => ({
      path,
      bytes: `${line(r.pick(['GET', 'DELETE', 'OPTIONS']))}${host}Content-Length: 2\r\n\r\n[]`,
    }),
    () => ({ path, bytes: `${line()}${host}X-Ctl: a\u0001b\r\n\r\n` }),
    () => ({
      path,
      bytes: `${line('POST')}${host}Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{"email":`,
    }),
    () => ({
      path: undefined,
      bytes: Buffer.from(Array.from({ length: 1 + r.int(200) }, () => r.int(256))),
    }),
    () => ({ path: undefined, bytes: Buffer.from('160301020001000000', 'hex') }),
    () => ({ path: undefined, bytes: '\r\n\r\n' }),
  ];
  const made = r.pick(cases)();
  return {
    path: made.path,
    bytes: Buffer.isBuffer(made.bytes) ? made.bytes : Buffer.from(made.bytes, 'latin1'),
  };
}

export function fuzzRequest(r: SeededRandom, knownIds: readonly string[]): FuzzRequest {
  const path = fuzzPath(r, knownIds);
  if (r.chance(0.15)) return { kind: 'raw', ...rawRequest(r, path) };
  const method = r.pick(METHODS);
  // node:http frames no body on GET/HEAD/DELETE/OPTIONS; such bodies are sent raw, framed.
  const sendsBody = ['POST', 'PUT', 'PATCH'].includes(method);
  const sent = headers(r, path);
  return {
    kind: 'http',
    method,
    path,
    headers: sent,
    ...(sendsBody ? { body: body(r, path, knownIds, sent) } : {}),
  };
}
