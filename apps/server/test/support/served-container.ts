import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { ServerConfig } from '@reviews/service-common';
import type { ServiceApp } from '../../src/container/service-parts.js';
import { createContainer } from '../../src/container/create-container.js';
import { TOKENS } from '../../src/container/tokens.js';
import type { Logger } from '../../src/logging/logger.js';
import { requestHandler } from '../../src/server.js';

/**
 * A published container and the public request handler, served on a listener of its own (port 0
 * on loopback): the service's public surface without `startServer`'s other listeners.
 */
export async function servedContainer(
  config: ServerConfig,
  logger: Logger = pino({ level: 'silent' }),
) {
  const container = createContainer(config, logger);
  const app = await container.getAsync<ServiceApp>(TOKENS.App);
  await app.publishCatalog.execute();
  app.mailDispatcher.start();
  // Started as `startServer` leaves the service once it listens (`/readyz` checks this).
  app.listening.open();
  const handle = requestHandler(app);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.close();
    server.closeAllConnections();
    await container.unbindAllAsync();
  };
  return { app, handle, url, live: app.live, close };
}
