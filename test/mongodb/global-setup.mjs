/* global process */
// Jest globalSetup for the MongoDB suites: finds or starts one MongoDB-protocol server for the
// whole run and passes it to the test workers by environment (docs/development.md, "MongoDB in
// tests"):
//   MONGODB_TEST_URL          where the server is (each suite uses its own database on it)
//   MONGODB_TEST_SERVER       what it is, for the test names and the banner
//   MONGODB_TEST_SKIP_REASON  why there is none (the suites then skip loudly, or fail in CI)
// Order: MONGODB_URL; a Docker engine (Testcontainers, official `mongo` image); FerretDB.
import { startFerretDb } from './ferretdb-server.mjs';

export default async function globalSetup() {
  if (process.env.MONGODB_TEST_URL || process.env.MONGODB_TEST_SKIP_REASON) return;
  const found = await findServer();
  if ('url' in found) {
    process.env.MONGODB_TEST_URL = found.url;
    process.env.MONGODB_TEST_SERVER = found.server;
    globalThis.__mongodbTestServer = found;
  } else {
    process.env.MONGODB_TEST_SKIP_REASON = found.skip;
  }
}

async function findServer() {
  const reasons = [];
  if (process.env.MONGODB_URL) return { url: process.env.MONGODB_URL, server: 'MONGODB_URL' };

  const docker = await dockerEngine();
  if (docker.ok) {
    try {
      return await startMongoContainer();
    } catch (error) {
      reasons.push(`Testcontainers could not start mongo: ${error.message}`);
    }
  } else {
    reasons.push(docker.reason);
  }

  try {
    return await startFerretDb();
  } catch (error) {
    reasons.push(`FerretDB: ${error.message}`);
  }
  return { skip: reasons.join('; ') };
}

/** Whether a Docker engine answers (a client alone is not enough). */
async function dockerEngine() {
  const { existsSync } = await import('node:fs');
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) {
    return { ok: false, reason: 'no Docker engine (DOCKER_HOST unset, no /var/run/docker.sock)' };
  }
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `no Docker engine answers (${error.message})` };
  }
}

async function startMongoContainer() {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('mongo:8')
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`;
  return { url, server: 'MongoDB 8 (Testcontainers, mongo:8)', stop: () => container.stop() };
}
