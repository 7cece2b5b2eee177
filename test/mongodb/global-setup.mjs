/* global process */
// Jest globalSetup for the MongoDB suites: finds or starts one MongoDB-protocol server for the
// whole run and passes it to the test workers by environment (docs/development.md, "MongoDB in
// tests"):
//   MONGODB_TEST_URL          where the server is (each suite uses its own database on it)
//   MONGODB_TEST_SERVER       what it is, for the test names and the banner
//   MONGODB_TEST_SKIP_REASON  why there is none (the suites then skip loudly, or fail in CI)
// Order: MONGODB_URL; a Docker engine (Testcontainers, MONGODB_TEST_IMAGE, default the official
// `mongo:8`); FerretDB. In CI (CI=true) a Docker engine that answers must serve: a container that
// does not start fails the run instead of falling back.
import { dockerEngine, startContainer } from '../services/containers.mjs';
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
      const reason = `Testcontainers could not start ${mongoImage()}: ${error.message}`;
      if (process.env.CI === 'true') throw new Error(reason);
      reasons.push(reason);
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

const mongoImage = () => process.env.MONGODB_TEST_IMAGE || 'mongo:8';

async function startMongoContainer() {
  const image = mongoImage();
  // Listening ports, not a log line: stand-ins (FerretDB) log differently from mongod.
  const started = await startContainer({
    image,
    port: 27017,
    waitFor: (Wait) => Wait.forListeningPorts(),
  });
  const url = `mongodb://${started.host}:${started.port}`;
  return { url, server: `${image} (Testcontainers)`, stop: started.stop };
}
