import { describe, expect, it } from '@jest/globals';
import { StoreMailBacklog } from '../../src/subscription/store-mail-backlog.js';
import { InMemorySubscriptionStore } from '../../src/testing/in-memory-subscription-store.js';
import { aSubscription } from '../../src/testing/subscription-builders.js';

const LATER = new Date('2030-01-01T00:00:00Z');

async function storeWith(
  ...builders: ReturnType<typeof aSubscription>[]
): Promise<InMemorySubscriptionStore> {
  const store = new InMemorySubscriptionStore();
  for (const builder of builders) await store.insert(builder.build());
  return store;
}

describe('StoreMailBacklog', () => {
  it('counts queued mails whether due now, claimed by a send, or waiting for a retry', async () => {
    const store = await storeWith(
      aSubscription().withAddress('due@example.org').withPendingMail(),
      aSubscription().withAddress('claimed@example.org').withPendingMail(LATER, LATER, 1),
      aSubscription().withAddress('retry@example.org').withPendingMail(LATER, null, 2),
      aSubscription().withAddress('sent@example.org'),
      aSubscription().withAddress('done@example.org').confirmed(),
    );
    expect(await new StoreMailBacklog(store).pending()).toBe(3);
  });

  it('stops counting at its cap, so a scrape stays cheap', async () => {
    const store = await storeWith(
      ...['a', 'b', 'c', 'd'].map((name) =>
        aSubscription().withAddress(`${name}@example.org`).withPendingMail(),
      ),
    );
    expect(await new StoreMailBacklog(store, 2).pending()).toBe(2);
  });
});
