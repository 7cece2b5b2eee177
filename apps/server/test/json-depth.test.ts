import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOO_DEEP_ANSWER } from '../../../packages/adapters-mcp/test/support/raw-mcp.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

/**
 * After one MCP `tools/call`, a `POST /mcp` whose arguments nested arrays 5,000 deep once ended
 * the process (a stack overflow thrown from a request's `'end'` handler, outside any catch). Every JSON route, on the built server in a process of its own, after a warm-up call:
 * depths from 100 to the most the route's size limit lets through are refused in the route's
 * shape, and after each the process is still there and `/healthz` answers.
 */
const work = mkdtempSync(path.join(tmpdir(), 'reviews-json-depth-'));
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  server = startServerProcess({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: work,
    SHUTDOWN_DRAIN_MS: '0',
    RATE_LIMIT_API: '100000',
    RATE_LIMIT_SEARCH: '100000',
    RATE_LIMIT_SIGNUP: '100000',
  });
  url = await server.listening;
}, 60_000);

afterAll(async () => {
  server.signal('SIGTERM');
  await server.exited;
  rmSync(work, { recursive: true, force: true });
});

const MCP_LIMIT = 64 * 1024;
const SUBSCRIBE_LIMIT = 1024;
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;

/** Still running, and `/healthz` answers 200. */
async function expectAlive(): Promise<void> {
  expect(server.child.exitCode).toBeNull();
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
}

const generations = {
  '2025-11-25': {
    headers: { 'MCP-Protocol-Version': '2025-11-25' },
    params: (args: string) => `{"name":"search_tools","arguments":${args}}`,
  },
  '2026-07-28': {
    headers: {
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'search_tools',
    },
    params: (args: string) =>
      `{"name":"search_tools","arguments":${args},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}`,
  },
};

describe.each(Object.entries(generations))('POST /mcp, protocol %s', (_version, generation) => {
  const post = (args: string) =>
    fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...generation.headers,
      },
      body: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${generation.params(args)}}`,
    });
  // The arguments sit 3 levels down (the message, its params, the arguments object).
  const nested = (depth: number, nest = arrays) => `{"q":"postgres","z":${nest(depth - 3)}}`;
  const emptyLength = Buffer.byteLength(nested(3)) + 200;
  const deepest = Math.floor((MCP_LIMIT - emptyLength) / 2);

  beforeAll(async () => {
    // A real call first, twice: its answer is kept, so the known-call path reads every body.
    for (let i = 0; i < 2; i++) {
      const warm = await post('{"q":"postgres"}');
      expect(warm.status).toBe(200);
      expect(await warm.json()).toMatchObject({ id: 7, result: { content: expect.any(Array) } });
    }
  });

  it.each([
    ...[100, 1_000, 3_000, 5_000, 7_500, 10_000, 20_000, 30_000, deepest].map(
      (depth) => [depth, 'arrays', arrays] as const,
    ),
    [10_000, 'objects', objects] as const,
  ])('%i levels of %s: -32600 (HTTP 400), and the process stays up', async (depth, _kind, nest) => {
    const res = await post(nested(depth, nest));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(TOO_DEEP_ANSWER);
    await expectAlive();
  });

  it('takes 64 levels: the call is answered by its tool', async () => {
    const res = await post(nested(64));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 7, result: { isError: true } });
    await expectAlive();
  });
});

describe('POST /subscribe (JSON)', () => {
  const post = (body: string) =>
    fetch(`${url}/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
  const nested = (depth: number) => `{"email":${arrays(depth - 1)}}`;
  const deepest = Math.floor((SUBSCRIBE_LIMIT - Buffer.byteLength(nested(1))) / 2) + 1;

  beforeAll(async () => {
    const warm = await post('{"email":"depth-warm-up@example.com"}');
    expect(warm.status).toBe(200);
  });

  it.each([100, 200, 300, 400, 500, deepest])(
    '%i levels: 400 {error}, and the process stays up',
    async (depth) => {
      const res = await post(nested(depth));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: expect.stringMatching(/^The body nests arrays and objects more than 64 levels deep/),
      });
      await expectAlive();
    },
  );

  it('answers 413 to a body over 1 KiB, whatever its depth', async () => {
    const res = await post(nested(deepest + 1));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/over 1 KiB/) });
    await expectAlive();
  });
});

describe('POST /subscribe/form', () => {
  it('reads bracketed field names flat (no nesting), whatever their depth', async () => {
    const deep = `x${'[a]'.repeat(200)}=1`;
    const res = await fetch(`${url}/subscribe/form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `email=depth-form%40example.com&consent=yes&${deep}`,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Check your inbox');
    await expectAlive();
  });
});
