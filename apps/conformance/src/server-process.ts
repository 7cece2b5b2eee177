import { startServerProcess } from '@reviews/server/testing';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Every bucket raised far above what one suite run sends (about 400 requests in seconds). */
const RAISED_LIMITS = {
  RATE_LIMIT_API: '1000000',
  RATE_LIMIT_SEARCH: '1000000',
  RATE_LIMIT_PAGES: '1000000',
} as const;

interface RunningServer {
  readonly mcpUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * The built server (`SERVER_MAIN`) on loopback, with the limits raised and its own
 * empty data directory; resolves once `/readyz` answers 200.
 */
export async function startServer(repoRoot: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reviews-conformance-'));
  // In-memory limits: a Redis of the developer's must not be filled by the run.
  const inherited = { ...process.env };
  delete inherited['REDIS_URL'];
  const server = startServerProcess({
    cwd: repoRoot,
    env: {
      ...inherited,
      ...RAISED_LIMITS,
      PORT: String(port),
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '1000',
    },
    stderr: 'inherit',
  });
  server.child.stdout?.pipe(process.stdout);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let exited = false;
  void server.exited.then(() => (exited = true));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (exited) break;
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { mcpUrl: `${base}/mcp`, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The server did not become ready on ${base} (is it built? run pnpm build).`);
}
