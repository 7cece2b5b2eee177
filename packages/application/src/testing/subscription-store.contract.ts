import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { SubscriptionStore } from '../index.js';
import { aSubscription } from './subscription-builders.js';

/**
 * A store under test. `reopen` opens a fresh instance on the same data (for a durable store:
 * after closing the first; for a shared one such as MongoDB: a second client), or is null for
 * stores that keep nothing (the in-memory fake), whose persistence test is then skipped.
 */
interface StoreUnderTest {
  readonly store: SubscriptionStore;
  readonly reopen: (() => Promise<SubscriptionStore>) | null;
  readonly close: () => Promise<void>;
}

/**
 * The `SubscriptionStore` contract, run against every implementation (in-memory fake, file store,
 * and later MongoDB): conditional writes decide races, reads return exactly what was written.
 */
export function describeSubscriptionStoreContract(
  name: string,
  factory: () => Promise<StoreUnderTest>,
  options: { readonly durable: boolean },
): void {
  describe(`${name} (SubscriptionStore contract)`, () => {
    let subject: StoreUnderTest;
    let store: SubscriptionStore;

    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
    });

    afterEach(async () => {
      await subject.close();
    });

    it('finds nothing for an unknown address or token', async () => {
      expect(await store.findByAddressKey('nobody@example.com')).toBeNull();
      expect(await store.findByTokenHash('no-such-hash')).toBeNull();
    });

    it('returns an inserted record at version 1, by address and by each token hash, Dates intact', async () => {
      const subscription = aSubscription().confirmed(new Date('2026-11-17T10:00:00.123Z')).build();
      expect(await store.insert(subscription)).toEqual({ subscription, version: 1 });
      expect(await store.findByAddressKey(subscription.addressKey)).toEqual({
        subscription,
        version: 1,
      });
      for (const token of subscription.tokens) {
        expect(await store.findByTokenHash(token.hash)).toEqual({ subscription, version: 1 });
      }
      const found = await store.findByAddressKey(subscription.addressKey);
      expect(found?.subscription.confirmedAt).toBeInstanceOf(Date);
    });

    it('refuses a second insert of the same address', async () => {
      const subscription = aSubscription().build();
      await store.insert(subscription);
      expect(await store.insert({ ...subscription, status: 'confirmed' })).toBeNull();
      expect((await store.findByAddressKey(subscription.addressKey))?.subscription.status).toBe(
        'pending',
      );
    });

    it('updates only at the expected version', async () => {
      const subscription = aSubscription().build();
      await store.insert(subscription);
      const confirmed = { ...subscription, status: 'confirmed' as const };
      expect(await store.update(confirmed, 2)).toBeNull();
      expect(await store.update(confirmed, 1)).toEqual({ subscription: confirmed, version: 2 });
      expect(await store.update(subscription, 1)).toBeNull();
      expect(await store.findByAddressKey(subscription.addressKey)).toEqual({
        subscription: confirmed,
        version: 2,
      });
    });

    it('refuses to update a record that does not exist', async () => {
      expect(await store.update(aSubscription().build(), 1)).toBeNull();
    });

    it('follows token changes: dropped hashes no longer find the record, new ones do', async () => {
      const subscription = aSubscription().build();
      await store.insert(subscription);
      const [first, second] = subscription.tokens;
      const fresh = {
        hash: 'fresh-hash',
        purpose: 'confirm' as const,
        issuedAt: new Date(),
        usedAt: null,
      };
      const changed = { ...subscription, tokens: [second!, fresh] };
      await store.update(changed, 1);
      expect(await store.findByTokenHash(first!.hash)).toBeNull();
      expect((await store.findByTokenHash('fresh-hash'))?.version).toBe(2);
    });

    it('lets exactly one of 20 concurrent inserts of one address win', async () => {
      const subscription = aSubscription().build();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.insert(subscription)),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });

    it('lets exactly one of 20 concurrent updates at one version win', async () => {
      const subscription = aSubscription().build();
      await store.insert(subscription);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.update({ ...subscription, address: `v${i}@example.com` }, 1),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(await store.findByAddressKey(subscription.addressKey)).toEqual(winners[0]);
    });

    it('finds the records whose mail is due, earliest first, up to the limit', async () => {
      const t = (minutes: number) => new Date(Date.UTC(2026, 10, 17, 10, minutes));
      const late = aSubscription().withPendingMail(t(5)).build();
      const early = aSubscription().withPendingMail(t(1), t(0), 2).build();
      const notYet = aSubscription().withPendingMail(t(30)).build();
      const none = aSubscription().build();
      for (const subscription of [late, early, notYet, none]) await store.insert(subscription);
      expect(await store.findWithMailDue(t(10), 10)).toEqual([
        { subscription: early, version: 1 },
        { subscription: late, version: 1 },
      ]);
      expect(await store.findWithMailDue(t(10), 1)).toEqual([{ subscription: early, version: 1 }]);
      expect(await store.findWithMailDue(t(5), 10)).toHaveLength(2);
      expect(await store.findWithMailDue(t(0), 10)).toEqual([]);
    });

    it('follows the outbox through updates: a sent mail is no longer due', async () => {
      const queued = aSubscription().withPendingMail(new Date('2026-11-17T10:00:00Z')).build();
      await store.insert(queued);
      const now = new Date('2026-11-17T11:00:00Z');
      expect(await store.findWithMailDue(now, 10)).toHaveLength(1);
      await store.update({ ...queued, pendingMail: null }, 1);
      expect(await store.findWithMailDue(now, 10)).toEqual([]);
    });

    it('keeps a record without consent (an address suppressed before it ever signed up)', async () => {
      const suppressed = aSubscription().neverSignedUp().suppressed('complained').build();
      expect(await store.insert(suppressed)).toEqual({ subscription: suppressed, version: 1 });
      expect(await store.findByAddressKey(suppressed.addressKey)).toEqual({
        subscription: suppressed,
        version: 1,
      });
    });

    it('lists the suppressed records, earliest suppression first, then by address; a changed one no longer', async () => {
      const t = (minutes: number) => new Date(Date.UTC(2026, 10, 17, 10, minutes));
      const late = aSubscription().withAddress('b@example.com').suppressed('bounced', t(5)).build();
      const tie = aSubscription().withAddress('a@example.com').suppressed('bounced', t(5)).build();
      const early = aSubscription().neverSignedUp().suppressed('complained', t(1)).build();
      const lifted = aSubscription().suppressed('bounced', t(0)).build();
      const confirmed = aSubscription().confirmed(t(2)).build();
      for (const subscription of [late, tie, early, lifted, confirmed]) {
        await store.insert(subscription);
      }
      await store.update({ ...lifted, status: 'unsubscribed', suppressionReason: null }, 1);
      expect(await store.findSuppressed()).toEqual([
        { subscription: early, version: 1 },
        { subscription: tie, version: 1 },
        { subscription: late, version: 1 },
      ]);
    });

    it('lists no suppressed record in an empty store', async () => {
      expect(await store.findSuppressed()).toEqual([]);
    });

    it('answers ping when reachable', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    // Only durable stores promise this; an in-memory fake has nothing to reopen.
    const itWhenDurable = options.durable ? it : () => undefined;
    itWhenDurable('keeps acknowledged writes across a reopen', async () => {
      if (subject.reopen === null) throw new Error('a durable store under test must offer reopen');
      const kept = aSubscription().withPendingMail(new Date('2026-11-17T10:00:00Z')).build();
      const changed = aSubscription().build();
      const suppressed = aSubscription().neverSignedUp().suppressed('complained').build();
      await store.insert(kept);
      await store.insert(changed);
      await store.insert(suppressed);
      await store.update({ ...changed, status: 'declined' }, 1);
      const reopened = await subject.reopen();
      expect(await reopened.findByAddressKey(kept.addressKey)).toEqual({
        subscription: kept,
        version: 1,
      });
      expect((await reopened.findByAddressKey(changed.addressKey))?.version).toBe(2);
      expect((await reopened.findByTokenHash(changed.tokens[0]!.hash))?.subscription.status).toBe(
        'declined',
      );
      expect(await reopened.findWithMailDue(new Date('2026-11-17T10:00:00Z'), 10)).toEqual([
        { subscription: kept, version: 1 },
      ]);
      expect(await reopened.findSuppressed()).toEqual([{ subscription: suppressed, version: 1 }]);
    });
  });
}
