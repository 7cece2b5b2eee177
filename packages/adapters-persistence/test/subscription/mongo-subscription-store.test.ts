import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { SubscriptionStoreUnavailableError } from '@reviews/application';
import { aSubscription } from '@reviews/application/testing';
import { SUBSCRIPTION_RULES } from '@reviews/domain';
import { connectMongo } from '../../src/mongo/mongo-connection.js';
import { EXPIRED_PENDING_KEPT_MS } from '../../src/subscription/subscription-retention.js';
import { MongoSubscriptionStore } from '../../src/subscription/mongo-subscription-store.js';
import {
  MONGODB_TEST_SERVER,
  describeWithMongo,
  openTestDatabase,
  testUrl,
  type TestDatabase,
} from '../../../../test/mongodb/mongodb-test-database.js';
import { TcpProxy } from '../rate-limiting/tcp-proxy.js';

describeWithMongo()(`MongoSubscriptionStore on ${MONGODB_TEST_SERVER}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase('subscriptions');
  });
  afterEach(async () => {
    await database.drop();
  });

  it('removes pending signups a week after their link expired, and nothing else', async () => {
    let now = new Date('2026-11-16T09:00:00Z');
    const store = await MongoSubscriptionStore.open(database.connection.db, {
      now: () => now,
      sweepIntervalMs: 0,
    });
    const stale = aSubscription().build(); // pending, last mail at 2026-11-16T09:00Z
    await store.insert(stale);
    await store.update({ ...stale, address: 'Resent@example.com' }, 1);
    // Pending at first, confirmed since: its old pending version must not make it expire.
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
    expect(await store.sweepExpired()).toBe(0);
    // The address can sign up again from scratch.
    expect(await store.insert(stale)).toEqual({ subscription: stale, version: 1 });
    await store.close();
  });

  it('lets one writer win when two instances (two clients) race on one address', async () => {
    const other = await connectMongo(database.url);
    try {
      const stores = [
        await MongoSubscriptionStore.open(database.connection.db, { sweepIntervalMs: 0 }),
        await MongoSubscriptionStore.open(other.db, { sweepIntervalMs: 0 }),
      ];
      const subscription = aSubscription().build();
      const inserts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => stores[i % 2]!.insert(subscription)),
      );
      expect(inserts.filter((r) => r !== null)).toHaveLength(1);
      const updates = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          stores[i % 2]!.update({ ...subscription, address: `v${i}@example.com` }, 1),
        ),
      );
      const winners = updates.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(await stores[1]!.findByAddressKey(subscription.addressKey)).toEqual(winners[0]);
      for (const store of stores) await store.close();
    } finally {
      await other.close();
    }
  });

  it('refuses a stored record that is not valid instead of returning it', async () => {
    const store = await MongoSubscriptionStore.open(database.connection.db);
    const subscription = aSubscription().build();
    await store.insert(subscription);
    await database.connection.db
      .collection('subscription_versions')
      .updateOne({ key: subscription.addressKey }, { $set: { status: 'maybe' } });

    await expect(store.findByAddressKey(subscription.addressKey)).rejects.toThrow(/status/);
    await store.close();
  });

  it('throws SubscriptionStoreUnavailableError while MongoDB is unreachable, and recovers', async () => {
    const target = new URL(testUrl('x').replace(/^mongodb/, 'http'));
    const proxy = await TcpProxy.open({ host: target.hostname, port: Number(target.port) });
    const connection = await connectMongo(
      `mongodb://127.0.0.1:${proxy.port}/${database.name}?directConnection=true`,
      { serverSelectionTimeoutMS: 1_000 },
    );
    try {
      const store = await MongoSubscriptionStore.open(connection.db);
      const subscription = aSubscription().build();
      await store.insert(subscription);

      await proxy.stop();
      await expect(store.ping()).rejects.toBeInstanceOf(SubscriptionStoreUnavailableError);
      await expect(store.insert(aSubscription().build())).rejects.toBeInstanceOf(
        SubscriptionStoreUnavailableError,
      );
      await expect(store.findByAddressKey(subscription.addressKey)).rejects.toBeInstanceOf(
        SubscriptionStoreUnavailableError,
      );

      await proxy.start();
      await expect(store.ping()).resolves.toBeUndefined();
      expect((await store.findByAddressKey(subscription.addressKey))?.version).toBe(1);
      await store.close();
    } finally {
      await connection.close();
      await proxy.stop();
    }
  });
});
