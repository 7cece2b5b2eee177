import { MongoCatalogSource } from '../../src/catalog/mongo-catalog-source.js';
import { MongoPublicationFeed } from '../../src/catalog/mongo-publication-feed.js';
import { connectMongo, type MongoConnection } from '../../src/mongo/mongo-connection.js';
import { validateCatalogDocument } from '@reviews/adapters-persistence/testing';
import {
  describeCatalogPublisherContract,
  describeCatalogSourceContract,
  describePublicationFeedContract,
} from '@reviews/application/testing';
import {
  MONGODB_TEST_SERVER,
  describeWithMongo,
  openTestDatabase,
} from '../../../../test/mongodb/mongodb-test-database.js';
import { TcpProxy } from '../rate-limiting/tcp-proxy.js';
import { writeRawPublication } from './mongo-raw-publication.js';

/** A client on `url`'s database through a proxy that can stop (an outage). */
async function throughProxy(
  url: string,
  database: string,
): Promise<{ proxy: TcpProxy; connection: MongoConnection }> {
  const target = new URL(url.replace(/^mongodb/, 'http'));
  const proxy = await TcpProxy.open({ host: target.hostname, port: Number(target.port) });
  const connection = await connectMongo(
    `mongodb://127.0.0.1:${proxy.port}/${database}?directConnection=true`,
    { serverSelectionTimeoutMS: 1_000 },
  );
  return { proxy, connection };
}

describeWithMongo()(`on ${MONGODB_TEST_SERVER}`, () => {
  describeCatalogSourceContract('MongoCatalogSource', async () => {
    const database = await openTestDatabase('catalog_contract');
    const empty = await openTestDatabase('catalog_empty');
    const source = new MongoCatalogSource(database.connection.db);
    return {
      source,
      publish: async (raw) => {
        let valid;
        try {
          valid = validateCatalogDocument(raw);
        } catch {
          await writeRawPublication(database.connection.db, raw as { tools: unknown[] });
          return;
        }
        await source.publish(valid);
      },
      nothingPublished: () => new MongoCatalogSource(empty.connection.db),
      close: async () => {
        await database.drop();
        await empty.drop();
      },
    };
  });

  describeCatalogPublisherContract('MongoCatalogSource', async () => {
    const database = await openTestDatabase('publisher_contract');
    const reader = await connectMongo(database.url);
    let clock = new Date('2026-11-27T09:00:00Z');
    const graceMs = 60_000;
    const cut: Array<{ proxy: TcpProxy; connection: MongoConnection }> = [];
    return {
      publisher: new MongoCatalogSource(database.connection.db, {
        pruneGraceMs: graceMs,
        now: () => clock,
      }),
      source: new MongoCatalogSource(reader.db),
      graceMs,
      advanceClock: (ms) => (clock = new Date(clock.getTime() + ms)),
      keepsReplaced: true,
      unreachable: async () => {
        const proxied = await throughProxy(database.url, database.name);
        cut.push(proxied);
        await proxied.proxy.stop();
        return new MongoCatalogSource(proxied.connection.db);
      },
      close: async () => {
        for (const { connection } of cut) await connection.close().catch(() => undefined);
        await reader.close();
        await database.drop();
      },
    };
  });

  describePublicationFeedContract('MongoPublicationFeed', async () => {
    const database = await openTestDatabase('feed_contract');
    const proxied = await throughProxy(database.url, database.name);
    const intervalMs = 200;
    const source = new MongoCatalogSource(proxied.connection.db);
    return {
      feed: new MongoPublicationFeed(proxied.connection.db, source, { intervalMs }),
      publisher: new MongoCatalogSource(database.connection.db),
      // A change stream where the server has them, else the poll interval.
      withinMs: intervalMs + 800,
      outage: { begin: () => proxied.proxy.stop(), end: () => proxied.proxy.start() },
      close: async () => {
        await proxied.connection.close().catch(() => undefined);
        await proxied.proxy.stop();
        await database.drop();
      },
    };
  });
});
