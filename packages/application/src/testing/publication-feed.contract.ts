import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CatalogDocument } from '@reviews/domain';
import { aCatalog, aTool } from '@reviews/domain/testing';
import type { CatalogPublisher, PublicationFeed, PublicationFollowing } from '../index.js';

/**
 * A feed under test: `publisher` writes to the same storage through a connection of its own (as
 * another instance would); `withinMs` is the delay the adapter states for a publish to reach a
 * listener; `outage` makes the feed's storage unreachable and reachable again.
 */
interface FeedUnderTest {
  readonly feed: PublicationFeed;
  readonly publisher: CatalogPublisher;
  readonly withinMs: number;
  readonly outage: { begin(): Promise<void>; end(): Promise<void> };
  readonly close: () => Promise<void>;
}

const catalog = (name: string): CatalogDocument => aCatalog(aTool().withId(`${name}-tool`));

/** What a listener was told, and a way to wait for it. */
class Heard {
  readonly ids: string[] = [];
  readonly errors: unknown[] = [];
  readonly listener = {
    onPublication: (id: string) => this.ids.push(id),
    onError: (error: unknown) => this.errors.push(error),
  };

  /** Resolves with the time it took until `check` holds; rejects after `ms`. */
  async until(check: () => boolean, ms: number, what: string): Promise<number> {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Date.now() - started;
  }
}

/** The `PublicationFeed` contract (port JSDoc): first answer, promptness, ordering, outage. */
export function describePublicationFeedContract(
  name: string,
  factory: () => Promise<FeedUnderTest>,
): void {
  describe(`${name} (PublicationFeed contract)`, () => {
    let subject: FeedUnderTest;
    let following: PublicationFollowing | undefined;

    beforeEach(async () => {
      subject = await factory();
    });

    afterEach(async () => {
      await following?.close();
      following = undefined;
      await subject.close();
    });

    it('tells nothing while nothing is published, then the first publication', async () => {
      const heard = new Heard();
      following = subject.feed.follow(heard.listener);
      await new Promise((resolve) => setTimeout(resolve, subject.withinMs));
      expect(heard.ids).toEqual([]);

      const { publicationId } = await subject.publisher.publish(catalog('first'));
      await heard.until(() => heard.ids.includes(publicationId), subject.withinMs, 'first id');
      expect(heard.errors).toEqual([]);
    });

    it('tells the publication live when following began', async () => {
      const { publicationId } = await subject.publisher.publish(catalog('before'));
      const heard = new Heard();
      following = subject.feed.follow(heard.listener);
      await heard.until(() => heard.ids[0] === publicationId, subject.withinMs, 'the live id');
    });

    it('tells each publish by another connection within the stated delay, never going back', async () => {
      const heard = new Heard();
      const first = await subject.publisher.publish(catalog('zero'));
      following = subject.feed.follow(heard.listener);
      await heard.until(() => heard.ids.includes(first.publicationId), subject.withinMs, 'zero');

      const order = [first.publicationId];
      for (const name of ['one', 'two', 'three']) {
        const { publicationId } = await subject.publisher.publish(catalog(name));
        order.push(publicationId);
        const took = await heard.until(
          () => heard.ids.at(-1) === publicationId,
          subject.withinMs,
          `${name} reaching the listener`,
        );
        expect(took).toBeLessThanOrEqual(subject.withinMs);
      }
      const positions = heard.ids.map((id) => order.indexOf(id));
      expect(positions.every((p, i) => i === 0 || p >= positions[i - 1]!)).toBe(true);
    });

    it('tells nothing once close() resolved', async () => {
      const heard = new Heard();
      following = subject.feed.follow(heard.listener);
      await following.close();
      following = undefined;
      const told = heard.ids.length;
      await subject.publisher.publish(catalog('after-close'));
      await new Promise((resolve) => setTimeout(resolve, subject.withinMs));
      expect(heard.ids).toHaveLength(told);
    });

    it('reports an outage through onError and resumes by itself when the storage is back', async () => {
      const heard = new Heard();
      const first = await subject.publisher.publish(catalog('steady'));
      following = subject.feed.follow(heard.listener);
      await heard.until(() => heard.ids.includes(first.publicationId), subject.withinMs, 'steady');

      await subject.outage.begin();
      await heard.until(() => heard.errors.length > 0, 30_000, 'an error during the outage');
      await subject.outage.end();

      const { publicationId } = await subject.publisher.publish(catalog('after-outage'));
      await heard.until(() => heard.ids.includes(publicationId), 30_000, 'a publish after it');
    }, 90_000);
  });
}
