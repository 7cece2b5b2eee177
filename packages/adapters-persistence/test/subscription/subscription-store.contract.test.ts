import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  InMemorySubscriptionStore,
  describeSubscriptionStoreContract,
} from '@reviews/application/testing';
import { FileSubscriptionStore } from '../../src/subscription/file-subscription-store.js';

describeSubscriptionStoreContract(
  'InMemorySubscriptionStore',
  async () => ({
    store: new InMemorySubscriptionStore(),
    reopen: null,
    close: async () => undefined,
  }),
  { durable: false },
);

describeSubscriptionStoreContract(
  'FileSubscriptionStore',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'subscriptions-'));
    const opened: FileSubscriptionStore[] = [await FileSubscriptionStore.open(dir)];
    return {
      store: opened[0]!,
      reopen: async () => {
        await opened[opened.length - 1]!.close();
        const next = await FileSubscriptionStore.open(dir);
        opened.push(next);
        return next;
      },
      close: async () => {
        for (const store of opened) await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  { durable: true },
);
