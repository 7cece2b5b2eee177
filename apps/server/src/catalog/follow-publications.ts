import type { PublicationSource } from '../container/service-parts.js';
import type { Logger } from '../logging/logger.js';
import { PublicationFollower } from './publication-follower.js';

/**
 * With a shared storage: picks up each new publication its `PublicationFeed` tells of (within the
 * feed's stated delay) by calling `republish`. `close()` stops following and waits for a
 * republish in progress.
 */
export function followPublications(
  { storageName, feed, live }: PublicationSource,
  logger: Logger,
  republish: () => Promise<void>,
): { close(): Promise<void> } {
  const follower = new PublicationFollower(live, republish, (error) =>
    logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      'new publication not loaded; the previous one stays live (retrying at the next check)',
    ),
  );
  const following = feed.follow({
    onPublication: (id) => follower.seen(id),
    onError: (error) =>
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        `cannot read the live publication from ${storageName}; serving the loaded one`,
      ),
  });
  return {
    close: async () => {
      await following.close();
      await follower.idle();
    },
  };
}
