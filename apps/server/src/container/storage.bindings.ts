import { connectSharedStorage } from '@reviews/service-common';
import type { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import { TOKENS } from './tokens.js';
import { bindResolved } from './typed-binding.js';

/**
 * With MONGODB_URL or DATABASE_URL: the shared storage (one client for the catalog, the
 * publications feed and the subscriptions), connected at boot (an unreachable server stops the
 * start with a line naming the host) and closed on shutdown. With files: nothing is bound.
 */
export function bindSharedStorage(container: Container, config: ServerConfig): void {
  if (config.storage.family === 'files') return;
  bindResolved(container, TOKENS.SharedStorage, {}, async () => {
    const storage = await connectSharedStorage(config.storage, {
      refreshIntervalMs: config.catalogRefreshIntervalMs,
    });
    if (storage === undefined) throw new Error('no shared storage for this configuration');
    return storage;
  }).onDeactivation((storage) => storage.close());
}
