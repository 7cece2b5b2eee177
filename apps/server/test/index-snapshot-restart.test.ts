import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startServerProcess, type ServerProcess } from './support/server-process.js';

/**
 * A restart with an unchanged catalog loads the search index its predecessor saved under
 * DATA_DIR instead of indexing again, and answers every request byte for byte as the start that
 * indexed did; a damaged snapshot is reported, not used, and replaced.
 */
const work = mkdtempSync(path.join(tmpdir(), 'reviews-index-snapshot-'));
const catalogFile = path.join(work, 'catalog.json');
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(() => {
  execFileSync(
    process.execPath,
    ['apps/catalog-generator/dist/main.js', '--tools', '1500', '--seed', '5', '--out', catalogFile],
    { cwd: REPO_ROOT, stdio: 'pipe' },
  );
}, 120_000);

/** Searches (words of the catalog and short prefixes, with and without a category), browse lists, details, pages. */
function requestsFor(file: string): string[] {
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as {
    tools: { id: string; name: string; category: string | null; description: string }[];
  };
  const words = [
    ...new Set(
      catalog.tools
        .slice(0, 60)
        .flatMap((tool) => `${tool.name} ${tool.description}`.toLowerCase().split(/[^a-z0-9]+/))
        .filter((word) => word.length > 2),
    ),
  ].slice(0, 80);
  const categories = [...new Set(catalog.tools.map((tool) => tool.category).filter(Boolean))];
  const queries = [...words, ...words.slice(0, 30).map((w) => w.slice(0, 2)), 'a', 'co', 'de'];
  const paths: string[] = [];
  for (const q of queries) {
    paths.push(`/api/v1/tools?q=${encodeURIComponent(q)}&limit=50`);
    paths.push(
      `/api/v1/tools?q=${encodeURIComponent(q)}&category=${encodeURIComponent(String(categories[0]))}`,
    );
  }
  for (const category of categories.slice(0, 5))
    paths.push(`/api/v1/tools?category=${encodeURIComponent(String(category))}&limit=50`);
  paths.push('/api/v1/tools?limit=50', '/', `/search?q=${encodeURIComponent(words[0] ?? 'a')}`);
  for (const tool of catalog.tools.slice(0, 20)) paths.push(`/api/v1/tools/${tool.id}`);
  return paths;
}

const OFF = { RATE_LIMIT_API: '100000', RATE_LIMIT_SEARCH: '100000', RATE_LIMIT_PAGES: '100000' };

/** The built server on the test catalog, its DATA_DIR the shared `work` (where snapshots go). */
const serverOnCatalog = (env: Record<string, string> = {}) =>
  startServerProcess({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    CATALOG_FILE: catalogFile,
    DATA_DIR: work,
    ...OFF,
    ...env,
  });

async function answers(paths: readonly string[], env: Record<string, string> = {}) {
  const server = serverOnCatalog(env);
  try {
    const url = await server.listening;
    const bodies: string[] = [];
    for (const p of paths) {
      let next: string | null = p;
      // Follows nextCursor, so later pages (their ranking and excerpts) are compared too.
      for (let page = 0; next !== null && page < 3; page++) {
        const response: Response = await fetch(url + next, {
          headers: { 'accept-encoding': 'identity' },
        });
        const body = await response.text();
        bodies.push(`${response.status} ${response.headers.get('etag')} ${body}`);
        const cursor = response.headers.get('content-type')?.includes('json')
          ? ((JSON.parse(body) as { nextCursor?: string | null }).nextCursor ?? null)
          : null;
        next = cursor === null ? null : `${p}&cursor=${encodeURIComponent(cursor)}`;
      }
    }
    if (env['INDEX_SNAPSHOTS'] !== 'false')
      await waitFor(server, /index snapshot (written|loaded)|cannot write/);
    return { bodies, log: server.output() };
  } finally {
    server.signal('SIGKILL');
    await server.exited;
  }
}

async function waitFor(server: ServerProcess, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!pattern.test(server.output()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

const messages = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => /snapshot/.test(line.msg));
const snapshots = () => readdirSync(path.join(work, 'index-snapshots'));

describe('index snapshots across restarts', () => {
  it('are written by a start that indexed, loaded by the next, which answers byte for byte the same', async () => {
    const paths = requestsFor(catalogFile);
    const cold = await answers(paths);
    expect(messages(cold.log).map((line) => line.msg)).toEqual(['index snapshot written']);
    // Nothing in DATA_DIR: indexed on a worker while the catalog was read.
    expect(cold.log).toContain('"msg":"search texts indexed ahead"');
    // Written once the service listens, so the write never delays readiness.
    expect(cold.log.indexOf('"msg":"listening"')).toBeGreaterThan(0);
    expect(cold.log.indexOf('"msg":"index snapshot written"')).toBeGreaterThan(
      cold.log.indexOf('"msg":"listening"'),
    );
    expect(snapshots()).toHaveLength(1);

    const warm = await answers(paths);
    expect(messages(warm.log).map((line) => line.msg)).toEqual(['index snapshot loaded']);
    expect(warm.log).not.toContain('indexed ahead');
    expect(warm.bodies.length).toBeGreaterThan(300);
    expect(warm.bodies).toEqual(cold.bodies);

    const off = await answers(paths.slice(0, 5), { INDEX_SNAPSHOTS: 'false' });
    expect(messages(off.log)).toEqual([]);
    expect(off.bodies).toEqual(cold.bodies.slice(0, off.bodies.length));
  }, 240_000);

  it('are loaded by a reload of unchanged content too (in the publication worker)', async () => {
    const server = serverOnCatalog();
    try {
      const url = await server.listening;
      const before = await (await fetch(`${url}/api/v1/tools?q=co&limit=50`)).text();
      server.signal('SIGHUP');
      await waitFor(server, /"msg":"catalog published"[\s\S]*"msg":"catalog published"/);
      expect(messages(server.output()).map((line) => line.msg)).toEqual([
        'index snapshot loaded',
        'index snapshot loaded',
      ]);
      expect(await (await fetch(`${url}/api/v1/tools?q=co&limit=50`)).text()).toBe(before);
    } finally {
      server.signal('SIGKILL');
      await server.exited;
    }
  }, 120_000);

  it('vouch for their catalog: bytes with a snapshot are not looked at again for repeated ids', async () => {
    // Two tools sharing a review id: refused, unless a snapshot of these very bytes by this very
    // code exists, which is only ever written after they were published (here: planted, empty).
    const tool = (id: string) =>
      `{"id":"${id}","name":"${id}","description":"A tool.","website":"https://${id}.example.com","category":null,"stacks":null,"reviews":[{"id":"r-1","revisionId":"r-1-v1","reviewedOn":"2026-01-02","updatedAt":"2026-01-03T00:00:00Z","author":{},"likes":"Fast.","dislikes":"None."}]}`;
    const content = `{"schemaVersion":1,"publishedAt":"2026-11-16T09:00:00Z","tools":[${tool('alpha')},${tool('beta')}]}`;
    const repeats = path.join(work, 'repeats.json');
    writeFileSync(repeats, content);
    const fingerprint = createHash('sha256').update(content).digest('hex').slice(0, 16);
    const code = /-[0-9a-f]+\.idx$/.exec(snapshots()[0] as string)?.[0];
    expect(code).toBeDefined();

    const refused = serverOnCatalog({ CATALOG_FILE: repeats });
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain('repeats the review id "r-1" of $.tools[0].reviews[0].id');

    writeFileSync(path.join(work, 'index-snapshots', `${fingerprint}${code}`), '');
    const server = serverOnCatalog({ CATALOG_FILE: repeats });
    try {
      const url = await server.listening;
      const listed = (await (await fetch(`${url}/api/v1/tools`)).json()) as {
        items: { id: string }[];
      };
      expect(listed.items.map((item) => item.id).sort()).toEqual(['alpha', 'beta']);
      // A reload (the publication worker) trusts it too.
      server.signal('SIGHUP');
      await waitFor(
        server,
        /"msg":"catalog published"[\s\S]*"msg":"catalog published"|repeats the review id/,
      );
      expect(server.output()).not.toContain('repeats the review id');
      expect(server.output().match(/"msg":"catalog published"/g)).toHaveLength(2);
    } finally {
      server.signal('SIGKILL');
      await server.exited;
      rmSync(path.join(work, 'index-snapshots', `${fingerprint}${code}`), { force: true });
    }
  }, 120_000);

  it('reports a damaged snapshot as a warning, indexes afresh and replaces it', async () => {
    const paths = requestsFor(catalogFile).slice(0, 40);
    const file = path.join(work, 'index-snapshots', snapshots()[0] as string);
    expect(existsSync(file)).toBe(true);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 1_000));
    const reference = await answers(paths, { INDEX_SNAPSHOTS: 'false' });

    const repaired = await answers(paths);
    const lines = messages(repaired.log);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'index snapshot rejected as damaged; indexing afresh and replacing it'],
      [30, 'index snapshot written'],
    ]);
    expect(repaired.bodies).toEqual(reference.bodies);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    // The reference was indexed ahead, on a worker while the catalog was read; with a snapshot
    // in DATA_DIR, the repairing start indexed on its own thread: the two indexes agree.
    expect(reference.log).toContain('"msg":"search texts indexed ahead"');
    expect(repaired.log).not.toContain('indexed ahead');
  }, 240_000);
});
