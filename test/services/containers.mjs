/* global process */
// The Testcontainers side of the test servers (docs/development.md#servers-in-tests): whether a
// Docker engine answers, and the one way a suite's server is started in a container.
import { existsSync } from 'node:fs';

/** Whether a Docker engine answers (a client alone is not enough). */
export async function dockerEngine() {
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

/**
 * Starts `image` with `port` published and waits until `wait` (a Testcontainers wait strategy,
 * made by `waitFor(Wait)`) holds. Returns the published address and how to stop the container.
 */
export async function startContainer({ image, port, environment = {}, command, waitFor }) {
  const { GenericContainer, Wait } = await import('testcontainers');
  let container = new GenericContainer(image)
    .withExposedPorts(port)
    .withEnvironment(environment)
    .withWaitStrategy(waitFor(Wait))
    .withStartupTimeout(60_000);
  if (command) container = container.withCommand(command);
  const started = await container.start();
  return {
    host: started.getHost(),
    port: started.getMappedPort(port),
    stop: () => started.stop(),
  };
}
