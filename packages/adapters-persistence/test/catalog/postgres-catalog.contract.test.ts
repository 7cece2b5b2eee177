import { validateCatalogDocument } from '@reviews/adapters-persistence/testing';
import {
  describeCatalogPublisherContract,
  describeCatalogSourceContract,
  describePublicationFeedContract,
} from '@reviews/application/testing';
import { PostgresCatalogSource } from '../../src/catalog/postgres-catalog-source.js';
import { PostgresPublicationFeed } from '../../src/catalog/postgres-publication-feed.js';
import {
  connectPostgres,
  type PostgresConnection,
} from '../../src/postgres/postgres-connection.js';
import {
  describeWithPostgres,
  openPostgresTestDatabase,
  POSTGRES_TEST_URL,
} from '../../../../test/postgres/postgres-test-database.js';
import { TcpProxy } from '../rate-limiting/tcp-proxy.js';

/**
 * Stores a catalog without validating it and points to it: what a publisher of another version,
 * or a hand edit, might leave. Lets the contract check that `load` validates what it reads.
 */
async function writeRawPublication(
  connection: PostgresConnection,
  raw: { schemaVersion?: unknown; publishedAt?: unknown; tools: unknown[] },
): Promise<void> {
  const id = `raw-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await connection.transaction(async (client) => {
    await client.query(`INSERT INTO catalog_publications VALUES ($1, $2, $3, $4, 0, now())`, [
      id,
      raw.schemaVersion,
      raw.publishedAt,
      raw.tools.length,
    ]);
    for (const [seq, tool] of raw.tools.entries()) {
      await client.query('INSERT INTO catalog_tools VALUES ($1, $2, $3)', [
        id,
        seq,
        JSON.stringify(tool),
      ]);
    }
    await client.query(
      `INSERT INTO catalog_pointer VALUES ('current', $1, now())
       ON CONFLICT (id) DO UPDATE SET publication_id = EXCLUDED.publication_id`,
      [id],
    );
  });
}

/** A PostgreSQL connection through a proxy that can stop (an outage), on `database`'s URL. */
async function throughProxy(
  url: string,
): Promise<{ proxy: TcpProxy; connection: PostgresConnection }> {
  const target = new URL(url);
  const proxy = await TcpProxy.open({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${proxy.port}`;
  const connection = await connectPostgres(proxied.toString(), { timeoutMs: 1_000 });
  return { proxy, connection };
}

const describePostgres = await describeWithPostgres();

describePostgres(`on PostgreSQL (${POSTGRES_TEST_URL})`, () => {
  describeCatalogSourceContract('PostgresCatalogSource', async () => {
    const database = await openPostgresTestDatabase('catalog_contract');
    const empty = await openPostgresTestDatabase('catalog_empty');
    const source = new PostgresCatalogSource(database.connection);
    return {
      source,
      publish: async (raw) => {
        let valid;
        try {
          valid = validateCatalogDocument(raw);
        } catch {
          await writeRawPublication(database.connection, raw as { tools: unknown[] });
          return;
        }
        await source.publish(valid);
      },
      nothingPublished: () => new PostgresCatalogSource(empty.connection),
      close: async () => {
        await database.drop();
        await empty.drop();
      },
    };
  });

  describeCatalogPublisherContract('PostgresCatalogSource', async () => {
    const database = await openPostgresTestDatabase('publisher_contract');
    const reader = await connectPostgres(database.url);
    let clock = new Date('2026-11-27T09:00:00Z');
    const graceMs = 60_000;
    const publisher = new PostgresCatalogSource(database.connection, {
      pruneGraceMs: graceMs,
      now: () => clock,
    });
    const cut: Array<{ proxy: TcpProxy; connection: PostgresConnection }> = [];
    return {
      publisher,
      source: new PostgresCatalogSource(reader),
      graceMs,
      advanceClock: (ms) => (clock = new Date(clock.getTime() + ms)),
      keepsReplaced: true,
      unreachable: async () => {
        const proxied = await throughProxy(database.url);
        cut.push(proxied);
        await proxied.proxy.stop();
        return new PostgresCatalogSource(proxied.connection);
      },
      close: async () => {
        for (const { connection } of cut) await connection.close().catch(() => undefined);
        await reader.close();
        await database.drop();
      },
    };
  });

  describePublicationFeedContract('PostgresPublicationFeed', async () => {
    const database = await openPostgresTestDatabase('feed_contract');
    const proxied = await throughProxy(database.url);
    // The stated delay is the notification's; the pointer is read every 10 s only as a backup,
    // so a publish that arrived within a second came by LISTEN/NOTIFY.
    const feed = new PostgresPublicationFeed(
      proxied.connection,
      new PostgresCatalogSource(proxied.connection),
      { intervalMs: 10_000 },
    );
    return {
      feed,
      publisher: new PostgresCatalogSource(database.connection),
      withinMs: 1_000,
      outage: { begin: () => proxied.proxy.stop(), end: () => proxied.proxy.start() },
      close: async () => {
        await proxied.connection.close().catch(() => undefined);
        await proxied.proxy.stop();
        await database.drop();
      },
    };
  });
});
