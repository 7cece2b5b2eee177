import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { PoolClient } from 'pg';
import { aSubscription } from '@reviews/application/testing';
import { SUBSCRIPTION_RULES } from '@reviews/domain';
import { aCatalog, aTool } from '@reviews/domain/testing';
import { PostgresCatalogSource } from '../../src/catalog/postgres-catalog-source.js';
import { connectPostgres } from '../../src/postgres/postgres-connection.js';
import { EXPIRED_PENDING_KEPT_MS } from '../../src/subscription/subscription-retention.js';
import { PostgresSubscriptionStore } from '../../src/subscription/postgres-subscription-store.js';
import {
  createPostgresTestDatabase,
  describeWithPostgres,
  POSTGRES_TEST_URL,
} from '../../../../test/postgres/postgres-test-database.js';

const describePostgres = await describeWithPostgres();

describePostgres(`PostgreSQL storage on ${POSTGRES_TEST_URL}`, () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  beforeEach(async () => {
    database = await createPostgresTestDatabase('storage');
  });
  afterEach(async () => {
    await database.drop();
  });

  it('creates the schema on first use, once, when instances connect at the same moment', async () => {
    const connections = await Promise.all(
      Array.from({ length: 4 }, () => connectPostgres(database.url)),
    );
    try {
      const applied = connections.map((c) => c.migrated.applied.map((step) => step.version));
      expect(applied.filter((versions) => versions.length > 0)).toEqual([[1, 2]]);
      expect(connections.every((c) => c.migrated.version === 2)).toBe(true);
      const { rows } = await connections[0]!.pool.query<{ version: number }>(
        'SELECT version FROM reviews_schema_migrations ORDER BY version',
      );
      expect(rows.map((row) => row.version)).toEqual([1, 2]);
    } finally {
      await Promise.all(connections.map((c) => c.close()));
    }
  });

  it('refuses a database whose schema is newer than this code', async () => {
    const first = await connectPostgres(database.url);
    await first.pool.query("INSERT INTO reviews_schema_migrations VALUES (99, 'from the future')");
    await first.close();

    await expect(connectPostgres(database.url)).rejects.toThrow(
      /schema is at version 99, newer than this code knows \(2\)/,
    );
  });

  it('names the server but never the password when it cannot be reached', async () => {
    const error = await connectPostgres('postgres://reviews:secret@127.0.0.1:1/reviews', {
      timeoutMs: 500,
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^Cannot use PostgreSQL at 127\.0\.0\.1:1\/reviews: /);
    expect(error?.message).not.toContain('secret');
  });

  it('keeps a publication whole for a load that began before a publish and a prune removed it', async () => {
    const connection = await connectPostgres(database.url);
    let clock = new Date('2026-11-27T09:00:00Z');
    const publisher = new PostgresCatalogSource(connection, { pruneGraceMs: 0, now: () => clock });
    // A reader whose load, before its second batch of tools, waits for a whole publish of other
    // content, including the prune that removes the publication being loaded (no grace period).
    let publishedDuringLoad = false;
    const reader = new PostgresCatalogSource({
      ...connection,
      transaction: (work, begin) =>
        connection.transaction((client) => {
          const query = async (text: string, values?: unknown[]) => {
            if (values?.[1] === 500 && !publishedDuringLoad) {
              clock = new Date(clock.getTime() + 1_000);
              await publisher.publish(aCatalog(aTool().withId('new')));
              publishedDuringLoad = true;
            }
            return client.query(text, values);
          };
          return work(Object.assign(Object.create(client) as PoolClient, { query }));
        }, begin),
    });
    try {
      await publisher.publish(
        aCatalog(...Array.from({ length: 1200 }, (_, i) => aTool().withId(`old-${i}`))),
      );
      const loaded = await reader.load();

      expect(publishedDuringLoad).toBe(true);
      expect(loaded.document.tools.map((t) => t.id)).toEqual(
        Array.from({ length: 1200 }, (_, i) => `old-${i}`),
      );
      const { rows } = await connection.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM catalog_publications',
      );
      expect(Number(rows[0]?.n)).toBe(1);
      expect((await publisher.load()).document.tools.map((t) => t.id)).toEqual(['new']);
    } finally {
      await connection.close();
    }
  });

  it('removes pending signups a week after their link expired, tokens included, and nothing else', async () => {
    const connection = await connectPostgres(database.url);
    let now = new Date('2026-11-16T09:00:00Z');
    const store = new PostgresSubscriptionStore(connection, { now: () => now, sweepIntervalMs: 0 });
    try {
      const stale = aSubscription().build(); // pending, last mail at 2026-11-16T09:00Z
      await store.insert(stale);
      const confirmed = aSubscription().build();
      await store.insert(confirmed);
      await store.update({ ...confirmed, status: 'confirmed', confirmedAt: now }, 1);
      const fresh = aSubscription().build();
      await store.insert({ ...fresh, lastMailAt: new Date('2026-11-20T09:00:00Z') });

      const removedAt = Date.parse('2026-11-16T09:00:00Z') + SUBSCRIPTION_RULES.confirmTokenTtlMs;
      now = new Date(removedAt + EXPIRED_PENDING_KEPT_MS - 1000);
      expect(await store.sweepExpired()).toBe(0);
      now = new Date(removedAt + EXPIRED_PENDING_KEPT_MS + 1000);
      expect(await store.sweepExpired()).toBe(1);

      expect(await store.findByAddressKey(stale.addressKey)).toBeNull();
      expect(await store.findByTokenHash(stale.tokens[0]!.hash)).toBeNull();
      expect((await store.findByAddressKey(confirmed.addressKey))?.version).toBe(2);
      expect(await store.findByAddressKey(fresh.addressKey)).not.toBeNull();
      // The address can sign up again from scratch, its old token hashes gone with it.
      expect(await store.insert(stale)).toEqual({ subscription: stale, version: 1 });
    } finally {
      await store.close();
      await connection.close();
    }
  });
});
