import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CatalogDocument } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import type { CatalogPublisher, CatalogSource } from '../index.js';

/**
 * A publisher under test, with a `source` reading the same storage (through a connection of its
 * own where the storage has connections: what another instance reads), the publisher's grace
 * period and a way to move its clock past it. `keepsReplaced`: whether a replaced publication
 * is kept until pruned (a database) or gone at once (a file). `unreachable`: a publisher whose
 * storage cannot be reached, made for the outage test.
 */
interface PublisherUnderTest {
  readonly publisher: CatalogPublisher;
  readonly source: CatalogSource;
  readonly graceMs: number;
  readonly advanceClock: (ms: number) => void;
  readonly keepsReplaced: boolean;
  readonly unreachable: () => Promise<CatalogPublisher>;
  readonly close: () => Promise<void>;
}

const catalogOf = (prefix: string, tools: number): CatalogDocument =>
  aCatalog(
    ...Array.from({ length: tools }, (_, i) =>
      aTool()
        .withId(`${prefix}-${i}`)
        .named(`${prefix} tool ${i}`)
        .withReviews(aReview().withId(`${prefix}-${i}-r`)),
    ),
  );

/** The `CatalogPublisher` contract (port JSDoc): atomic switch, ordering, idempotency, pruning, outage. */
export function describeCatalogPublisherContract(
  name: string,
  factory: () => Promise<PublisherUnderTest>,
): void {
  describe(`${name} (CatalogPublisher contract)`, () => {
    let subject: PublisherUnderTest;

    beforeEach(async () => {
      subject = await factory();
    });

    afterEach(async () => {
      await subject.close();
    });

    it('makes the catalog what the source loads, under the id it returns, with its counts', async () => {
      const catalog = catalogOf('first', 3);
      const published = await subject.publisher.publish(catalog);

      expect(published).toEqual({ publicationId: expect.any(String), tools: 3, reviews: 3 });
      const loaded = await subject.source.load();
      expect(loaded.fingerprint).toBe(published.publicationId);
      expect(loaded.document).toEqual(catalog);
    });

    it('reports progress up to the total, and 0 of 0 for an empty catalog', async () => {
      const progress: Array<[number, number]> = [];
      await subject.publisher.publish(catalogOf('p', 7), {
        onProgress: (done, total) => progress.push([done, total]),
      });
      expect(progress.at(-1)).toEqual([7, 7]);
      progress.forEach(([done, total], i) => {
        expect(total).toBe(7);
        if (i > 0) expect(done).toBeGreaterThanOrEqual(progress[i - 1]![0]);
      });

      const empty: Array<[number, number]> = [];
      await subject.publisher.publish(aCatalog(), {
        onProgress: (done, total) => empty.push([done, total]),
      });
      expect(empty.at(-1)).toEqual([0, 0]);
      expect((await subject.source.load()).document.tools).toEqual([]);
    });

    it('gives equal content the same id, and publishing it again makes it live again', async () => {
      const a = catalogOf('a', 2);
      const first = await subject.publisher.publish(a);
      const b = await subject.publisher.publish(catalogOf('b', 2));
      expect(b.publicationId).not.toBe(first.publicationId);

      const again = await subject.publisher.publish(a);
      expect(again.publicationId).toBe(first.publicationId);
      const loaded = await subject.source.load();
      expect(loaded.fingerprint).toBe(first.publicationId);
      expect(loaded.document).toEqual(a);
    });

    it('lets no load see part of a publication or a mix of two, and the last publish wins', async () => {
      const catalogs = [catalogOf('one', 40), catalogOf('two', 120), catalogOf('three', 60)];
      await subject.publisher.publish(catalogs[0]!);
      const ids = new Map<string, CatalogDocument>();
      let publishing = true;
      const seen: string[] = [];
      const reader = (async () => {
        while (publishing) {
          const loaded = await subject.source.load();
          seen.push(loaded.fingerprint);
          const whole = catalogs.find(
            (catalog) => JSON.stringify(catalog) === JSON.stringify(loaded.document),
          );
          expect(whole).toBeDefined();
        }
      })();
      try {
        for (const catalog of catalogs.slice(1)) {
          const { publicationId } = await subject.publisher.publish(catalog);
          ids.set(publicationId, catalog);
          // Ordering: once publish resolved, a load that starts now reads it.
          expect((await subject.source.load()).fingerprint).toBe(publicationId);
        }
      } finally {
        publishing = false;
        await reader;
      }
      expect(seen.length).toBeGreaterThan(0);
      const last = await subject.source.load();
      expect(last.document).toEqual(catalogs[2]);
    });

    it('prunes no publication within the grace period, and never the live one', async () => {
      const a = catalogOf('kept', 2);
      await subject.publisher.publish(a);
      const live = await subject.publisher.publish(catalogOf('live', 2));

      expect(await subject.publisher.prune()).toBe(0);
      subject.advanceClock(subject.graceMs + 1_000);
      expect(await subject.publisher.prune()).toBe(subject.keepsReplaced ? 1 : 0);
      expect(await subject.publisher.prune()).toBe(0);
      expect((await subject.source.load()).fingerprint).toBe(live.publicationId);

      // What was pruned is written again when it is published again.
      await subject.publisher.publish(a);
      expect((await subject.source.load()).document).toEqual(a);
    });

    it('rejects publish and prune within seconds when the storage cannot be reached', async () => {
      const unreachable = await subject.unreachable();
      const started = Date.now();
      // A driver's errors may come from another realm than the test's `Error`: match the message.
      await expect(unreachable.publish(catalogOf('lost', 1))).rejects.toThrow(/./);
      await expect(unreachable.prune()).rejects.toThrow(/./);
      expect(Date.now() - started).toBeLessThan(20_000);
    }, 30_000);
  });
}
