import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FileCatalogSource } from '@reviews/adapters-persistence';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../src/logging/logger.js';
import { startServer, type RunningServer } from '../src/server.js';
import { withOpenApiCheck } from './support/openapi-checked-server.js';
import { REPO_ROOT } from './support/server-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-export-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function start(env: Record<string, string>): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: 'https://reviews.test',
    DATA_DIR: mkdtempSync(path.join(work, 'data-')),
    ...env,
  });
  return withOpenApiCheck(await startServer(config, createLogger('silent')), config);
}

describe('GET /reviews/index.json on the sample catalog', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start({});
  });
  afterAll(() => server.close());

  it('exports every tool and review with their addresses, the notice and the rights', async () => {
    const res = await fetch(`${server.url}/reviews/index.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const archive = (await res.json()) as {
      schemaVersion: number;
      historicalNotice: string;
      rights: { copyrightHolder: string };
      tools: Array<{
        id: string;
        url: string;
        markdownUrl: string;
        reviews: Array<{ id: string; url: string }>;
      }>;
    };
    expect(archive.schemaVersion).toBe(1);
    expect(archive.historicalNotice).toMatch(/^Historical reviews/);
    expect(archive.rights.copyrightHolder).toBeTruthy();
    expect(archive.tools.length).toBeGreaterThanOrEqual(40);
    const reviewed = archive.tools.find((tool) => tool.reviews.length > 0)!;
    expect(reviewed.url).toBe(`https://reviews.test/tools/${reviewed.id}`);
    expect(reviewed.markdownUrl).toBe(`https://reviews.test/tools/${reviewed.id}.md`);
    expect(reviewed.reviews[0]!.url).toBe(
      `https://reviews.test/tools/${reviewed.id}/reviews/${reviewed.reviews[0]!.id}`,
    );
  });

  it('round-trips: export → import → export gives the same document', async () => {
    const first = await (await fetch(`${server.url}/reviews/index.json`)).text();
    const file = path.join(work, 'exported.json');
    writeFileSync(file, first);
    const again = await start({ CATALOG_FILE: file });
    try {
      const second = await (await fetch(`${again.url}/reviews/index.json`)).text();
      expect(second).toBe(first);
      const reimported = await new FileCatalogSource(file).load();
      expect(reimported.document.tools.length).toBe(JSON.parse(first).tools.length);
    } finally {
      await again.close();
    }
  });

  it('answers a matching If-None-Match with 304 and compresses when asked', async () => {
    const first = await fetch(`${server.url}/reviews/index.json`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    expect(
      (await fetch(`${server.url}/reviews/index.json`, { headers: { 'If-None-Match': etag } }))
        .status,
    ).toBe(304);
    const { request } = await import('node:http');
    const gz = await new Promise<Buffer>((resolve, reject) => {
      request(
        `${server.url}/reviews/index.json`,
        { headers: { 'Accept-Encoding': 'gzip' } },
        (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          const chunks: Buffer[] = [];
          res
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => resolve(Buffer.concat(chunks)));
        },
      )
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(gunzipSync(gz).toString('utf8')).tools.length).toBeGreaterThanOrEqual(40);
  });
});

describe('GET /reviews/index.json on a generated catalog', () => {
  const file = path.join(work, 'generated.json');
  beforeAll(() => {
    execFileSync(
      process.execPath,
      ['apps/catalog-generator/dist/main.js', '--tools', '2000', '--seed', '3', '--out', file],
      { cwd: REPO_ROOT, stdio: 'ignore' },
    );
  }, 60_000);

  it('streams 2,000 tools and 20,000 reviews as one valid document', async () => {
    const server = await start({ CATALOG_FILE: file, RATE_LIMIT_PAGES: '1' });
    try {
      const archive = (await (await fetch(`${server.url}/reviews/index.json`)).json()) as {
        tools: Array<{ reviews: unknown[] }>;
      };
      expect(archive.tools).toHaveLength(2000);
      expect(archive.tools.reduce((sum, tool) => sum + tool.reviews.length, 0)).toBe(20_000);
      const limited = await fetch(`${server.url}/reviews/index.json`);
      expect(limited.status).toBe(429);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('adds no listener per chunk while a slow client reads the export', async () => {
    const server = await start({ CATALOG_FILE: file });
    const closeListeners: number[] = [];
    server.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      res.on('finish', () => closeListeners.push(res.listenerCount('close')));
    });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const bytes = await new Promise<number>((resolve, reject) => {
        request(`${server.url}/reviews/index.json`, (res) => {
          let length = 0;
          let chunks = 0;
          res.on('data', (chunk: Buffer) => {
            length += chunk.length;
            // A slow reader: the server's socket buffer fills and it waits for 'drain'.
            if (++chunks % 4 !== 0) return;
            res.pause();
            setTimeout(() => res.resume(), 2);
          });
          res.on('end', () => resolve(length));
        })
          .on('error', reject)
          .end();
      });
      expect(bytes).toBeGreaterThan(1_000_000);
      expect(closeListeners).toHaveLength(1);
      expect(Math.max(...closeListeners)).toBeLessThan(5);
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await server.close();
    }
  }, 60_000);
});
