// Stops what global-setup.mjs started: the Redis and PostgreSQL containers, then the MongoDB
// server (test/mongodb/global-teardown.mjs).
import mongoTeardown from '../mongodb/global-teardown.mjs';

export default async function globalTeardown() {
  const started = globalThis.__testServers ?? [];
  globalThis.__testServers = undefined;
  await Promise.all(started.map((server) => server.stop()));
  await mongoTeardown();
}
