import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import {
  REDIS_TEST_URL,
  describeWithRedis,
} from '../../../../packages/adapters-persistence/test/rate-limiting/redis-test-server.js';
import {
  ensureCliBuilt,
  runCatalogCli,
} from '../../../catalog-cli/test/support/catalog-cli-process.js';
import { REPO_ROOT, startServerProcess, type ServerProcess } from './server-process.js';

/** A shared database for the two instances: its settings, and how it is named and dropped. */
export interface SharedDatabaseUnderTest {
  /** The setting that names it (`MONGODB_URL`, `DATABASE_URL`) and the URL. */
  readonly env: Record<string, string>;
  /** What the line for the terminal names as the catalog. */
  readonly catalogLine: string;
  readonly drop: () => Promise<void>;
}

/**
 * Two server processes sharing one database and one Redis. A catalog
 * imported with the CLI reaches both within the refresh interval while searches run against both
 * (no failed request, no response mixing two publications); a signup made through one instance is
 * confirmed through the other; limits are shared.
 */
const REFRESH_MS = 500;
const QUERIES = ['', 'q=fast', 'q=rust', 'q=database&limit=5', 'q=cli'];
/** Searches each instance answers before the import, and again once it serves the new publication. */
const SEARCHES_AROUND_SWITCH = 30;
const redisUrl = REDIS_TEST_URL;

/** How long the last `catalog published` of a server's log took. */
function lastPublishMs(output: string): number {
  const times = output
    .split('\n')
    .filter((line) => line.includes('"msg":"catalog published"'))
    .map((line) => (JSON.parse(line) as { ms: number }).ms);
  expect(times.length).toBeGreaterThanOrEqual(2);
  return times.at(-1)!;
}

/** A client address of its own (through TRUST_PROXY=loopback), so no other test shares its buckets. */
const aClientAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

interface Answer {
  readonly instance: number;
  readonly query: string;
  readonly status: number;
  readonly etag: string | null;
  readonly body: string;
}

/**
 * Declares the suite over `open`'s database; `withDatabase` is `describe`, or `describe.skip`
 * when that database is missing outside CI (its helper has said so loudly).
 */
export async function describeTwoInstances(
  name: string,
  withDatabase: (name: string, body: () => void) => void,
  open: () => Promise<SharedDatabaseUnderTest>,
): Promise<void> {
  const withRedis = await describeWithRedis();
  const suite = withRedis === describe && withDatabase === describe ? describe : describe.skip;
  suite(`two instances on one ${name} and one Redis`, () => {
    const work = mkdtempSync(path.join(tmpdir(), 'reviews-two-instances-'));
    const dataDirs = [path.join(work, 'one'), path.join(work, 'two')];
    let database: SharedDatabaseUnderTest;
    let servers: ServerProcess[] = [];
    let urls: string[] = [];

    beforeAll(async () => {
      execFileSync(
        process.execPath,
        [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'],
        { cwd: REPO_ROOT, stdio: 'inherit' },
      );
      ensureCliBuilt();
      database = await open();
      for (const [seed, name] of [
        ['1', 'first.json'],
        ['2', 'second.json'],
      ] as const) {
        const generated = await runCatalogCli([
          'generate',
          '--tools',
          '150',
          '--seed',
          seed,
          '--out',
          path.join(work, name),
        ]);
        expect(generated.code).toBe(0);
      }
      const imported = await runCatalogCli(['import', path.join(work, 'first.json')], {
        env: database.env,
      });
      expect(imported).toMatchObject({ code: 0 });

      servers = dataDirs.map((dataDir) =>
        startServerProcess({
          PORT: '0',
          METRICS_PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ...database.env,
          REDIS_URL: redisUrl,
          CATALOG_REFRESH_INTERVAL_MS: String(REFRESH_MS),
          TRUST_PROXY: 'loopback',
          RATE_LIMIT_API: '1000000000',
          RATE_LIMIT_SEARCH: '1000000000',
          RATE_LIMIT_PAGES: '4',
        }),
      );
      urls = await Promise.all(servers.map((server) => server.listening));
    }, 180_000);

    afterAll(async () => {
      for (const server of servers) server.signal('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await database?.drop();
      rmSync(work, { recursive: true, force: true });
    });

    const get = async (instance: number, query: string, client: string): Promise<Answer> => {
      const response = await fetch(`${urls[instance]}/api/v1/tools${query ? `?${query}` : ''}`, {
        headers: { 'X-Forwarded-For': client },
      });
      return {
        instance,
        query,
        status: response.status,
        etag: response.headers.get('etag'),
        body: await response.text(),
      };
    };

    const snapshot = async (instance: number, client: string) =>
      new Map(
        await Promise.all(QUERIES.map(async (q) => [q, await get(instance, q, client)] as const)),
      );

    it('serves a catalog imported with the CLI from both, within the interval, under load, never mixing publications', async () => {
      const client = aClientAddress();
      const before = await snapshot(0, client);
      const beforeOther = await snapshot(1, client);
      for (const q of QUERIES) expect(beforeOther.get(q)!.body).toBe(before.get(q)!.body);

      const answers: Answer[] = [];
      let loading = true;
      const loops = [0, 1].flatMap((instance) =>
        Array.from({ length: 3 }, async (_, n) => {
          for (let i = n; loading; i++) {
            answers.push(await get(instance, QUERIES[i % QUERIES.length]!, client));
          }
        }),
      );

      // Searches on both instances before the import and after the switch: counted, not timed.
      const answeredBy = (instance: number) =>
        answers.filter((a) => a.instance === instance).length;
      const untilEach = async (counts: readonly number[]) => {
        while (!counts.every((count, instance) => answeredBy(instance) >= count))
          await new Promise((resolve) => setTimeout(resolve, 25));
      };
      await untilEach([SEARCHES_AROUND_SWITCH, SEARCHES_AROUND_SWITCH]);
      const imported = await runCatalogCli(['import', path.join(work, 'second.json')], {
        env: database.env,
      });
      expect(imported.code).toBe(0);
      const importedAt = Date.now();
      const switched = [false, false];
      const switchedAfter: number[] = [];
      while (!switched.every(Boolean) && Date.now() - importedAt < 15_000) {
        for (const instance of [0, 1]) {
          if (switched[instance]) continue;
          const probe = await get(instance, '', client);
          if (probe.body !== before.get('')!.body) {
            switched[instance] = true;
            switchedAfter[instance] = Date.now() - importedAt;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await untilEach([0, 1].map((instance) => answeredBy(instance) + SEARCHES_AROUND_SWITCH));
      loading = false;
      await Promise.all(loops);

      console.log(
        `two instances: new publication served ${switchedAfter.join(' ms and ')} ms after the import ` +
          `(refresh interval ${REFRESH_MS} ms, loading took ` +
          `${servers.map((s) => lastPublishMs(s.output())).join(' ms and ')} ms); ` +
          `${answers.length} searches during the switch`,
      );
      expect(switched).toEqual([true, true]);
      // Picked up within the interval: what is left is the time the instance took to load and
      // index the publication, which it logs (seconds on a busy 2-core machine over FerretDB).
      servers.forEach((server, instance) => {
        const loadMs = lastPublishMs(server.output());
        expect(switchedAfter[instance]).toBeLessThan(REFRESH_MS + loadMs + 3_000);
      });

      const after = await snapshot(0, client);
      const afterOther = await snapshot(1, client);
      for (const q of QUERIES) {
        expect(afterOther.get(q)!.body).toBe(after.get(q)!.body);
        expect(after.get(q)!.body).not.toBe(before.get(q)!.body);
      }
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const publicationOf = (answer: Answer): 'before' | 'after' | 'mixed' => {
        for (const [name, reference] of [
          ['before', before],
          ['after', after],
        ] as const) {
          const expected = reference.get(answer.query)!;
          if (answer.body === expected.body && answer.etag === expected.etag) return name;
        }
        return 'mixed';
      };
      const seen = answers.map((answer) => `${answer.instance}:${publicationOf(answer)}`);
      expect(seen.filter((s) => s.endsWith('mixed'))).toEqual([]);
      expect(new Set(seen)).toEqual(new Set(['0:before', '0:after', '1:before', '1:after']));
    }, 120_000);

    it('names the database, not the unused CATALOG_FILE, as its catalog on the line for the terminal', async () => {
      const line = async (server: ServerProcess): Promise<string> => {
        const deadline = Date.now() + 5_000;
        for (;;) {
          const found = /^Listening on .*$/m.exec(server.output());
          if (found !== null) return found[0];
          if (Date.now() > deadline) throw new Error(`no "Listening on" line:\n${server.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      for (const server of servers) {
        const text = await line(server);
        expect(text).toContain(`(catalog: ${database.catalogLine}`);
        expect(text).not.toContain('.json');
      }
    });

    it('confirms through one instance a signup made through the other', async () => {
      const client = aClientAddress();
      const email = `two-instances-${Date.now()}@example.com`;
      const signup = (instance: number) =>
        fetch(`${urls[instance]}/subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Forwarded-For': client },
          body: JSON.stringify({ email }),
        });
      expect((await signup(0)).status).toBe(200);

      const outbox = path.join(dataDirs[0]!, 'outbox');
      const [file] = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      const mail = await simpleParser(readFileSync(path.join(outbox, file!)));
      const link = /\S+\/subscribe\/confirm\?token=\S+/.exec(mail.text ?? '')?.[0];
      const token = new URL(link!).searchParams.get('token')!;

      const confirmed = await fetch(`${urls[1]}/subscribe/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toMatch(/confirmed/i);
      expect((await signup(0)).status).toBe(409);
      expect((await signup(1)).status).toBe(409);
    }, 60_000);

    it('shares rate limits between the instances through Redis', async () => {
      const client = aClientAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${urls[i % 2]}/subscribe`, {
          headers: { 'X-Forwarded-For': client },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    });
  });
}
