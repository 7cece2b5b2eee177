import { startServerProcess, type ServerProcess } from '@reviews/server/testing';
import { UNLIMITED } from '../server-process.js';

interface SoakServer {
  readonly url: string;
  /** Where its `/metrics` answers: a listener of its own on loopback, port picked by the system. */
  readonly metricsUrl: string;
  readonly process: ServerProcess;
}

/**
 * The built service in a process of its own on loopback (port picked by the system), limits
 * raised so that the load exercises the work rather than the 429 path. It logs warnings and
 * errors only (counted by the 5xx count, not shown): its addresses come from its plain
 * `Listening on` line.
 */
export async function startSoakServer(catalog: string, dataDir: string): Promise<SoakServer> {
  const server = startServerProcess({
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
      CATALOG_FILE: catalog,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_API: UNLIMITED,
      RATE_LIMIT_SEARCH: UNLIMITED,
      RATE_LIMIT_SIGNUP: UNLIMITED,
      RATE_LIMIT_MAIL: UNLIMITED,
      RATE_LIMIT_PAGES: UNLIMITED,
    },
  });
  const line = await server.listeningLine;
  const found = /Listening on (http:\/\/\S+) .*metrics at (http:\/\/\S+\/metrics)/.exec(line);
  if (found?.[1] === undefined || found[2] === undefined) {
    await server.stop();
    throw new Error(`no server or metrics address in: ${line}`);
  }
  return { url: found[1], metricsUrl: found[2], process: server };
}

/** The server's resident set size in bytes, from its own /metrics (`metricsUrl`). */
export async function serverRss(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('process_resident_memory_bytes '));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}
