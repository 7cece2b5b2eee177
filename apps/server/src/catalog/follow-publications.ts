import { MongoPublicationWatcher } from '@reviews/adapters-persistence';
import type { ServerConfig } from '@reviews/service-common';
import type { PublicationSource } from '../container/app.bindings.js';
import type { Logger } from '../logging/logger.js';
import { PublicationFollower } from './publication-follower.js';

/**
 * With MongoDB: picks up each new publication within `catalogRefreshIntervalMs` (a change stream
 * where the server offers one, else polling) by calling `republish`. `close()` stops watching and
 * waits for a republish in progress.
 */
export function followPublications(
  { connection, source, live }: PublicationSource,
  config: ServerConfig,
  logger: Logger,
  republish: () => Promise<void>,
): { close(): Promise<void> } {
  const follower = new PublicationFollower(live, republish, (error) =>
    logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      'new publication not loaded; the previous one stays live (retrying at the next check)',
    ),
  );
  const watcher = MongoPublicationWatcher.start(connection.db, source, {
    intervalMs: config.catalogRefreshIntervalMs,
    onPublication: (id) => follower.seen(id),
    onError: (error) =>
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'cannot read the live publication from MongoDB; serving the loaded one',
      ),
  });
  return {
    close: async () => {
      await watcher.close();
      await follower.idle();
    },
  };
}
