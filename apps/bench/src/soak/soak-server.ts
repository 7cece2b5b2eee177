import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_MAIN, UNLIMITED } from '../server-process.js';

interface SoakServer {
  readonly url: string;
  /** Where its `/metrics` answers: a listener of its own on loopback, port picked by the system. */
  readonly metricsUrl: string;
  readonly child: ChildProcess;
  stop(): Promise<number | null>;
}

/**
 * The built service in a process of its own on loopback (port picked by the system), limits
 * raised so that the load exercises the work rather than the 429 path.
 */
export async function startSoakServer(catalog: string, dataDir: string): Promise<SoakServer> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdout?.resume(); // warnings and errors: counted by the 5xx count, not shown
  const [url, metricsUrl] = await new Promise<[string, string]>((resolve, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const found = /Listening on (http:\/\/\S+) .*metrics at (http:\/\/\S+\/metrics)/.exec(text);
      if (found?.[1] !== undefined && found[2] !== undefined) resolve([found[1], found[2]]);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}):\n${text}`)));
  });
  return {
    url,
    metricsUrl,
    child,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The server's resident set size in bytes, from its own /metrics (`metricsUrl`). */
export async function serverRss(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('process_resident_memory_bytes '));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}
