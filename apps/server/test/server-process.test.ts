import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { searchResultSchema, detailResultSchema } from '@reviews/application';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startServerProcess, type ServerProcess } from './support/server-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-server-'));
const catalogFile = path.join(work, 'generated.json');
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the built server, started as the README says', () => {
  let server: ServerProcess;
  let url: string;

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [
        'apps/catalog-generator/dist/main.js',
        '--tools',
        '2000',
        '--seed',
        '7',
        '--out',
        catalogFile,
      ],
      { cwd: REPO_ROOT, stdio: 'pipe' },
    );
    server = startServerProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: 'https://reviews.test',
        CATALOG_FILE: catalogFile,
        DATA_DIR: work,
        SHUTDOWN_DRAIN_MS: '0',
      },
      'readme',
    );
    url = await server.listening;
  }, 120_000);

  afterAll(async () => {
    server.signal('SIGTERM');
    await server.exited;
  });

  it('serves searches over the generated catalog', async () => {
    const browse = searchResultSchema.parse(
      await (await fetch(`${url}/api/v1/tools?limit=20`)).json(),
    );
    expect(browse.items).toHaveLength(20);
    const word = browse.items[0]!.name.split(' ')[0]!;
    const found = searchResultSchema.parse(
      await (await fetch(`${url}/api/v1/tools?q=${encodeURIComponent(word)}`)).json(),
    );
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items[0]!.excerpt).toBeDefined();
    const detail = detailResultSchema.parse(
      await (await fetch(`${url}/api/v1/tools/${found.items[0]!.id}`)).json(),
    );
    expect(detail.tool.id).toBe(found.items[0]!.id);
    expect(detail.tool.url).toBe(`https://reviews.test/tools/${detail.tool.id}`);
  });

  it('is ready once the catalog is published', async () => {
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('serves the signup page and the MCP server card from the same process', async () => {
    expect((await fetch(`${url}/subscribe`)).status).toBe(200);
    const card = (await (await fetch(`${url}/mcp/server-card`)).json()) as {
      remotes: Array<{ url: string }>;
    };
    expect(card.remotes[0]?.url).toBe('https://reviews.test/mcp');
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM: /readyz 503 at once, serves new requests through the drain period, then stops accepting and finishes what is in flight', async () => {
    const server = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_FILE: catalogFile,
      DATA_DIR: work,
      SHUTDOWN_DRAIN_MS: '1500',
    });
    const url = await server.listening;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    // A signup whose body is still arriving when SIGTERM lands: the request is in flight (its
    // headers are parsed), so shutdown must wait for it and answer it before exiting.
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    const body = JSON.stringify({ email: 'graceful@example.com' });
    socket.write(
      `POST /subscribe HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    await sleep(300);
    const signalled = Date.now();
    server.signal('SIGTERM');
    await sleep(100);

    const ready = await get(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({
      error: expect.stringMatching(/accepting-traffic/),
    });
    const during = await get(`${url}/api/v1/tools?limit=1`);
    expect(during.status).toBe(200);
    expect(during.connection).toBe('close');

    await sleep(1500 - (Date.now() - signalled) + 300);
    await expect(get(`${url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);

    socket.write(body.slice(10));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"status":"accepted"');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).toContain('"msg":"stopped"');
  }, 60_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One request on its own connection, with the `Connection` header fetch would hide. */
function get(url: string): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('refusing to start', () => {
  it('exits non-zero with one line naming a bad setting', async () => {
    const server = startServerProcess({ PORT: 'eighty', DATA_DIR: work });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain(
      'Invalid setting PORT: PORT must be a whole number from 0 to 65535 (got "eighty").',
    );
  }, 60_000);

  it('refuses two storage URLs at once, naming both settings', async () => {
    const server = startServerProcess({
      DATA_DIR: work,
      MONGODB_URL: 'mongodb://127.0.0.1:27017/reviews',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/reviews',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'Invalid settings MONGODB_URL and DATABASE_URL: both name a storage; set one (MONGODB_URL for MongoDB, DATABASE_URL for PostgreSQL) or neither (files under DATA_DIR).',
    );
  }, 60_000);

  it('exits non-zero listing every catalog problem with its JSON path', async () => {
    const bad = path.join(work, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        schemaVersion: 1,
        publishedAt: '2026-11-16T09:00:00Z',
        tools: [
          {
            id: 'Bad Id',
            name: 'x',
            description: 'd',
            website: 'https://x.example',
            category: null,
            reviews: [],
            stacks: null,
          },
          {
            id: 'ok-tool',
            name: 'y',
            description: 'd',
            website: 'notaurl',
            category: null,
            stacks: null,
            reviews: [
              {
                id: 'r1',
                revisionId: 'r1v',
                reviewedOn: '2026-02-30',
                updatedAt: '2026-03-01T00:00:00Z',
                author: {},
                likes: 'a',
                dislikes: 'b',
              },
            ],
          },
        ],
      }),
    );
    const server = startServerProcess({ PORT: '0', CATALOG_FILE: bad, DATA_DIR: work });
    expect(await server.exited).toBe(1);
    const out = server.output();
    expect(out).toContain('$.tools[0].id');
    expect(out).toContain('$.tools[1].website');
    expect(out).toContain('$.tools[1].reviews[0].reviewedOn');
  }, 60_000);
});
