import type { SubscriptionStore } from '@reviews/application';
import {
  connectMongo,
  FileSubscriptionStore,
  MongoSubscriptionStore,
} from '@reviews/adapters-persistence';
import type { ServerConfig } from '@reviews/service-common';
import { CommandFailure } from '../cli-command.js';

/**
 * Runs `work` with the subscription store the server of these settings uses (MONGODB_URL: the
 * shared MongoDB store; else the file log under DATA_DIR), closing it afterwards whatever happens.
 * Only the `SubscriptionStore` port reaches the commands. An unreachable server or an unreadable
 * log is a `CommandFailure`.
 */
export async function withSubscriptionStore<T>(
  config: ServerConfig,
  work: (store: SubscriptionStore) => Promise<T>,
): Promise<T> {
  if (config.mongodbUrl === undefined) {
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
  let connection;
  try {
    connection = await connectMongo(config.mongodbUrl, { appName: 'reviews-subscriptions-cli' });
  } catch (error) {
    throw new CommandFailure(error instanceof Error ? error.message : String(error));
  }
  try {
    // No sweep: a command's run is short, and the instances sweep.
    const store = await MongoSubscriptionStore.open(connection.db, { sweepIntervalMs: 0 });
    return await work(store);
  } finally {
    await connection.close();
  }
}
