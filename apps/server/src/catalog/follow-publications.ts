import type { LivePublication } from '@reviews/application';
import {
  MongoPublicationWatcher,
  type MongoCatalogSource,
  type MongoConnection,
} from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '../config/server-config.js';
import { TOKENS } from '../container/tokens.js';
import type { Logger } from '../logging/logger.js';
import { PublicationFollower } from './publication-follower.js';

/**
 * With MongoDB: picks up each new publication within `catalogRefreshIntervalMs` (a change stream
 * where the server offers one, else polling) by calling `republish`. `close()` stops watching and
 * waits for a republish in progress.
 */
export async function followPublications(
  container: Container,
  config: ServerConfig,
  logger: Logger,
  republish: () => Promise<void>,
): Promise<{ close(): Promise<void> }> {
  const connection = await container.getAsync<MongoConnection>(TOKENS.MongoConnection);
  const source = await container.getAsync<MongoCatalogSource>(TOKENS.CatalogSource);
  const live = await container.getAsync<LivePublication>(TOKENS.LivePublication);
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
