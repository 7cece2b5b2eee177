/* global process, console */
// Jest globalSetup of the projects with server suites (Redis, PostgreSQL, MongoDB): finds or
// starts each server once for the whole run and passes it to the test workers by environment
// (docs/development.md#servers-in-tests). For Redis and PostgreSQL:
//   1. REDIS_TEST_URL / POSTGRES_TEST_URL when set;
//   2. else, when a Docker engine answers, a container of REDIS_TEST_IMAGE (redis:7-alpine) /
//      POSTGRES_TEST_IMAGE (postgres:17) started through Testcontainers;
//   3. else the machine's own server (127.0.0.1:6379, 127.0.0.1:5432 user postgres).
// MongoDB: test/mongodb/global-setup.mjs. In CI (CI=true) a Docker engine that answers must
// serve. A server that cannot be had is left to the suites, which skip loudly (or fail in CI) by
// the one rule for optional groups.
import mongoSetup from '../mongodb/global-setup.mjs';
import { dockerEngine, startContainer } from './containers.mjs';

const servers = [
  {
    variable: 'REDIS_TEST_URL',
    image: () => process.env.REDIS_TEST_IMAGE || 'redis:7-alpine',
    start: (image) =>
      startContainer({
        image,
        port: 6379,
        command: ['redis-server', '--save', '', '--appendonly', 'no'],
        waitFor: (Wait) => Wait.forLogMessage(/Ready to accept connections/),
      }),
    url: ({ host, port }) => `redis://${host}:${port}`,
  },
  {
    variable: 'POSTGRES_TEST_URL',
    image: () => process.env.POSTGRES_TEST_IMAGE || 'postgres:17',
    start: (image) =>
      startContainer({
        image,
        port: 5432,
        environment: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
        // The official image's first start runs a temporary server on its socket only: TCP on
        // the container's loopback answers only once the real one is up.
        waitFor: (Wait) => Wait.forSuccessfulCommand('pg_isready -h 127.0.0.1 -U postgres'),
      }),
    url: ({ host, port }) => `postgres://postgres@${host}:${port}/postgres`,
  },
];

export default async function globalSetup() {
  if (!globalThis.__testServers) {
    globalThis.__testServers = [];
    let docker;
    for (const server of servers) {
      if (process.env[server.variable]) continue;
      docker ??= await dockerEngine();
      if (!docker.ok) continue;
      const image = server.image();
      try {
        const started = await server.start(image);
        globalThis.__testServers.push(started);
        process.env[server.variable] = server.url(started);
        console.log(
          `\n${server.variable}=${process.env[server.variable]} (Testcontainers, ${image})`,
        );
      } catch (error) {
        // In CI a Docker engine that answers must serve; elsewhere the machine's own server.
        const reason = `Testcontainers could not start ${image} for ${server.variable}: ${error.message}`;
        if (process.env.CI === 'true') throw new Error(reason);
        console.warn(`\n${reason}; the suites use the machine's own server`);
      }
    }
  }
  await mongoSetup();
}
