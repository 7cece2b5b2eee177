import type { SubscriptionStore } from '@reviews/application';
import { FileSubscriptionStore } from '@reviews/adapters-persistence';
import type { ServerConfig } from '@reviews/service-common';
import { withSharedStorage } from '../catalog/shared-catalog.js';
import { CommandFailure } from '../cli-command.js';

/**
 * Runs `work` with the subscription store the server of these settings uses (a shared database's,
 * chosen by `connectSharedStorage` as for the server; with neither MONGODB_URL nor DATABASE_URL,
 * the file log under DATA_DIR), closing it afterwards whatever happens. Only the
 * `SubscriptionStore` port reaches the commands. An unreachable database or an unreadable log is
 * a `CommandFailure`.
 */
export async function withSubscriptionStore<T>(
  config: ServerConfig,
  work: (store: SubscriptionStore) => Promise<T>,
): Promise<T> {
  if (config.storage.family === 'files') {
    const store = await FileSubscriptionStore.open(config.dataDir).catch((error: unknown) => {
      throw new CommandFailure(
        `cannot open the subscription log under ${config.dataDir}: ${String(error)}`,
      );
    });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  }
  const done = await withSharedStorage(config, async (storage) => {
    const store = await storage.openSubscriptionStore();
    try {
      return { result: await work(store) };
    } finally {
      await store.close();
    }
  });
  if (done === undefined) throw new CommandFailure('these settings name no shared storage');
  return done.result;
}
