import { connectMongo, type MongoConnection } from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import { TOKENS } from './tokens.js';

/**
 * With MONGODB_URL: one MongoDB client for the catalog and the subscriptions, connected at boot
 * (an unreachable server stops the start with a line naming the host) and closed on shutdown.
 */
export function bindMongo(container: Container, config: ServerConfig): void {
  const url = config.mongodbUrl;
  if (url === undefined) return;
  container
    .bind<MongoConnection>(TOKENS.MongoConnection)
    .toResolvedValue(() => connectMongo(url))
    .onDeactivation((connection) => connection.close());
}
