import {
  connectSharedStorage,
  type ServerConfig,
  type SharedStorage,
} from '@reviews/service-common';
import { CommandFailure } from '../cli-command.js';

/**
 * Runs `work` with the shared storage the settings name (`MONGODB_URL` or `DATABASE_URL`),
 * through its ports only, closing the connection afterwards whatever happens; resolves undefined
 * without calling `work` when the settings name files. An unreachable server is a
 * `CommandFailure` naming the host (never the password).
 */
export async function withSharedStorage<T>(
  settings: ServerConfig,
  work: (storage: SharedStorage) => Promise<T>,
): Promise<T | undefined> {
  let storage: SharedStorage | undefined;
  try {
    storage = await connectSharedStorage(settings.storage, {
      refreshIntervalMs: settings.catalogRefreshIntervalMs,
      appName: 'reviews-catalog-cli',
    });
  } catch (error) {
    throw new CommandFailure(error instanceof Error ? error.message : String(error));
  }
  if (storage === undefined) return undefined;
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}
