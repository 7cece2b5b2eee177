import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import type { CatalogDocument } from '@reviews/domain';
import { CatalogNotPublishedError } from '@reviews/application';
import { MongoCatalogSource } from '../../src/catalog/mongo-catalog-source.js';
import { COLLECTIONS } from '../../src/catalog/mongo-publication.codec.js';
import { MongoPublicationWatcher } from '../../src/catalog/mongo-publication-watcher.js';
import {
  MONGODB_TEST_SERVER,
  describeWithMongo,
  openTestDatabase,
  type TestDatabase,
} from '../../../../test/mongodb/mongodb-test-database.js';

const catalogOf = (prefix: string, tools: number, reviews = 2): CatalogDocument =>
  aCatalog(
    ...Array.from({ length: tools }, (_, i) =>
      aTool()
        .withId(`${prefix}-${i}`)
        .withReviews(
          ...Array.from({ length: reviews }, (_, r) => aReview().withId(`${prefix}-${i}-${r}`)),
        ),
    ),
  );

describeWithMongo()(`MongoCatalogSource on ${MONGODB_TEST_SERVER}`, () => {
  let database: TestDatabase;
  let clock: Date;
  let source: MongoCatalogSource;
  const count = (collection: string) =>
    database.connection.db.collection(collection).countDocuments();

  beforeEach(async () => {
    database = await openTestDatabase('catalog');
    clock = new Date('2026-11-16T09:00:00Z');
    source = new MongoCatalogSource(database.connection.db, {
      pruneGraceMs: 60_000,
      now: () => clock,
    });
  });
  afterEach(async () => {
    await database.drop();
  });

  it('rejects load with CatalogNotPublishedError before anything is published', async () => {
    await expect(source.load()).rejects.toBeInstanceOf(CatalogNotPublishedError);
    expect(await source.currentPublicationId()).toBeNull();
  });

  it('reports progress per batch and returns the counts and the publication id', async () => {
    const progress: Array<[number, number]> = [];
    const published = await source.publish(catalogOf('p', 1200, 1), {
      onProgress: (done, total) => progress.push([done, total]),
    });

    expect(published).toEqual({ publicationId: expect.any(String), tools: 1200, reviews: 1200 });
    expect(progress).toEqual([
      [500, 1200],
      [1000, 1200],
      [1200, 1200],
    ]);
    expect(await source.currentPublicationId()).toBe(published.publicationId);
    expect((await source.load()).fingerprint).toBe(published.publicationId);
  });

  it('publishing stored content again only switches the pointer', async () => {
    const catalog = catalogOf('a', 3);
    const first = await source.publish(catalog);
    await source.publish(catalogOf('b', 2));
    const again = await source.publish(structuredClone(catalog));

    expect(again.publicationId).toBe(first.publicationId);
    expect(await count(COLLECTIONS.tools)).toBe(5);
    expect((await source.load()).document.tools.map((t) => t.id)).toEqual(['a-0', 'a-1', 'a-2']);
  });

  it('prunes publications idle past the grace period, never the live one', async () => {
    const old = await source.publish(catalogOf('old', 2));
    clock = new Date(clock.getTime() + 1_000);
    const live = await source.publish(catalogOf('live', 3));

    clock = new Date(clock.getTime() + 59_000);
    expect(await source.prune()).toBe(0);
    clock = new Date(clock.getTime() + 2_000);
    expect(await source.prune()).toBe(1);

    const ids = await database.connection.db.collection(COLLECTIONS.publications).distinct('_id');
    expect(ids).toEqual([live.publicationId]);
    expect(ids).not.toContain(old.publicationId);
    expect(await count(COLLECTIONS.tools)).toBe(3);
    expect((await source.load()).document.tools).toHaveLength(3);
  });

  it('prunes an unfinished publication whose writer stopped, and republishing it completes it', async () => {
    const catalog = catalogOf('crash', 4);
    const id = (await source.publish(catalog)).publicationId;
    // A publisher that died after two tools: header still "writing", some tools missing.
    await database.connection.db
      .collection(COLLECTIONS.publications)
      .updateOne({ _id: id as never }, { $set: { state: 'writing' } });
    await database.connection.db
      .collection(COLLECTIONS.tools)
      .deleteMany({ publicationId: id, seq: { $gte: 2 } });
    await expect(source.load()).rejects.toThrow(/unfinished/);

    const again = await source.publish(catalog);
    expect(again.publicationId).toBe(id);
    expect((await source.load()).document).toEqual(catalog);
  });

  it('serves every load whole while a new publication is written and switched', async () => {
    const before = catalogOf('before', 300);
    const after = catalogOf('after', 900);
    const { publicationId: oldId } = await source.publish(before);
    let publishing = true;
    const publish = source.publish(after).finally(() => (publishing = false));
    const seen = new Set<string>();
    while (publishing) {
      const loaded = await source.load();
      const expected = loaded.fingerprint === oldId ? before : after;
      expect(loaded.document).toEqual(expected);
      seen.add(loaded.fingerprint);
    }
    const { publicationId: newId } = await publish;
    expect((await source.load()).fingerprint).toBe(newId);
    expect(seen.has(oldId)).toBe(true);
  });

  it('tells a watcher about a new publication within the polling interval', async () => {
    await source.publish(catalogOf('first', 1));
    const seen: string[] = [];
    const watcher = MongoPublicationWatcher.start(database.connection.db, source, {
      intervalMs: 200,
      changeStreams: false,
      onPublication: (id) => seen.push(id),
    });
    try {
      const { publicationId } = await source.publish(catalogOf('second', 1));
      const started = Date.now();
      while (!seen.includes(publicationId) && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toContain(publicationId);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(watcher.mode).toBe('polling');
    } finally {
      await watcher.close();
    }
    expect(watcher.mode).toBe('closed');
  });

  it('uses a change stream where the server has one, and polls where it has not', async () => {
    await source.publish(catalogOf('first', 1));
    const seen: string[] = [];
    const watcher = MongoPublicationWatcher.start(database.connection.db, source, {
      intervalMs: 300,
      onPublication: (id) => seen.push(id),
    });
    try {
      const settled = Date.now();
      while (watcher.mode === 'starting' && Date.now() - settled < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // FerretDB 1.x and a standalone mongod have no change streams; a replica set has.
      if (MONGODB_TEST_SERVER.startsWith('FerretDB')) expect(watcher.mode).toBe('polling');
      const { publicationId } = await source.publish(catalogOf('second', 1));
      const started = Date.now();
      while (!seen.includes(publicationId) && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen).toContain(publicationId);
    } finally {
      await watcher.close();
    }
  });

  it('refuses stored headers that are not valid, naming the collection', async () => {
    const { publicationId } = await source.publish(catalogOf('x', 1));
    await database.connection.db
      .collection(COLLECTIONS.publications)
      .updateOne({ _id: publicationId as never }, { $set: { toolCount: 'many' } });

    await expect(source.load()).rejects.toThrow(/catalog_publications.*toolCount/);
  });
});
