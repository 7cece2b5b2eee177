import { describe, expect, it } from '@jest/globals';
import {
  InMemorySubscriptionStore,
  SettableClock,
  aSubscription,
} from '@reviews/application/testing';
import { ListSuppressedAddresses } from '../../src/subscription/list-suppressed-addresses.use-case.js';
import { SuppressAddress } from '../../src/subscription/suppress-address.use-case.js';

function harness() {
  const store = new InMemorySubscriptionStore();
  const clock = new SettableClock(new Date('2026-11-27T10:00:00Z'));
  return {
    store,
    clock,
    suppress: new SuppressAddress(store, clock),
    list: new ListSuppressedAddresses(store),
  };
}

describe('SuppressAddress', () => {
  it('records an address never seen as suppressed, with the reason and the time, and no consent', async () => {
    const { store, suppress } = harness();
    const result = await suppress.execute({ address: ' Ada@Example.COM ', reason: 'bounced' });
    expect(result.ok && result.value.outcome).toBe('suppressed');
    expect((await store.findByAddressKey('ada@example.com'))?.subscription).toMatchObject({
      address: 'Ada@example.com',
      status: 'suppressed',
      suppressionReason: 'bounced',
      statusChangedAt: new Date('2026-11-27T10:00:00Z'),
      consent: null,
      pendingMail: null,
    });
  });

  it('suppresses a confirmed subscription and withdraws a pending mail, keeping the consent record', async () => {
    const { store, suppress } = harness();
    const pending = aSubscription().withAddress('grace@example.org').withPendingMail().build();
    await store.insert(pending);
    await suppress.execute({ address: 'grace@example.org', reason: 'complained' });
    const stored = await store.findByAddressKey('grace@example.org');
    expect(stored?.version).toBe(2);
    expect(stored?.subscription).toMatchObject({
      status: 'suppressed',
      suppressionReason: 'complained',
      pendingMail: null,
      consent: pending.consent,
    });
  });

  it('leaves an address suppressed before as it was: the first reason and time stay', async () => {
    const { store, clock, suppress } = harness();
    await suppress.execute({ address: 'lin@example.com', reason: 'complained' });
    clock.advanceBy(60_000);
    const again = await suppress.execute({ address: 'lin@example.com', reason: 'bounced' });
    expect(again.ok && again.value.outcome).toBe('already-suppressed');
    expect((await store.findByAddressKey('lin@example.com'))?.subscription).toMatchObject({
      suppressionReason: 'complained',
      statusChangedAt: new Date('2026-11-27T10:00:00Z'),
    });
  });

  it('refuses what is not an address with EMAIL_INVALID and writes nothing', async () => {
    const { store, suppress } = harness();
    const result = await suppress.execute({ address: 'not an address', reason: 'bounced' });
    expect(!result.ok && result.error.code).toBe('EMAIL_INVALID');
    expect(store.all()).toEqual([]);
  });

  it('throws while the store is unavailable', async () => {
    const { store, suppress } = harness();
    store.unavailable = true;
    await expect(
      suppress.execute({ address: 'ada@example.com', reason: 'bounced' }),
    ).rejects.toThrow('switched off');
  });
});

describe('ListSuppressedAddresses', () => {
  it('lists the suppressed addresses, earliest first, with reason, time and whether they signed up', async () => {
    const { store, clock, suppress, list } = harness();
    await store.insert(aSubscription().withAddress('signed@example.com').confirmed().build());
    await suppress.execute({ address: 'signed@example.com', reason: 'complained' });
    clock.advanceBy(1_000);
    await suppress.execute({ address: 'never@example.com', reason: 'bounced' });
    await store.insert(aSubscription().withAddress('fine@example.com').build());
    expect(await list.execute()).toEqual([
      {
        address: 'signed@example.com',
        reason: 'complained',
        since: new Date('2026-11-27T10:00:00Z'),
        signedUp: true,
      },
      {
        address: 'never@example.com',
        reason: 'bounced',
        since: new Date('2026-11-27T10:00:01Z'),
        signedUp: false,
      },
    ]);
  });
});
