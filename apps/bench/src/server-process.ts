import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  SERVER_MAIN,
  startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from '@reviews/server/testing';

/** A rate limit no bench reaches (the settings' maximum is 1,000,000,000). */
export const UNLIMITED = '1000000000';

/**
 * The service's settings for a bench's server: no limit any run reaches, loopback, free ports,
 * its own data directory; `extra` adds or overrides settings.
 */
export function benchServiceEnv(
  catalog: string,
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    CATALOG_FILE: catalog,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_API: UNLIMITED,
    RATE_LIMIT_SEARCH: UNLIMITED,
    SHUTDOWN_DRAIN_MS: '0',
    ...extra,
  };
}

/** This checkout's built server and, with `compare` (another checkout, built), that one's: name, main script. */
export function serverBuilds(compare: string | undefined): Array<readonly [string, string]> {
  const builds: Array<readonly [string, string]> = [['this build', SERVER_MAIN]];
  if (compare !== undefined) builds.push([compare, serverMainIn(compare)]);
  return builds;
}

/** The built server's entry point in another checkout `dir` (for `--compare DIR`). */
export const serverMainIn = (dir: string): string => resolve(dir, 'apps/server/dist/main.js');

/**
 * `builds` in the order of round `round` (from 1): turned every round, so that neither build
 * always runs first, on a machine the other just warmed.
 */
export const inTurn = <T>(builds: readonly T[], round: number): readonly T[] =>
  round % 2 === 1 ? builds : [...builds].reverse();

export interface BenchServer extends Pick<
  ServerProcess,
  'pid' | 'cpuMs' | 'mainThreadCpuMs' | 'allThreadsCpuMs' | 'peakRssBytes'
> {
  readonly url: string;
  /** The metrics listener's `/metrics` address, when the server has one. */
  readonly metricsUrl: string | undefined;
  /**
   * The `ms` of every access log line (`"msg":"request"`) of `path` written so far, in order:
   * the server's own time for each such request, from its handler to the end of the response.
   */
  requestLogMs(path: string): readonly number[];
  /** Whether the server has logged a line whose `msg` is `message`. */
  logged(message: string): boolean;
  /** How many lines whose `msg` is `message` the server has logged. */
  loggedTimes(message: string): number;
  /**
   * Resolves with the first of `messages` the server has logged more than `seen` times (once, by
   * default), or undefined after `timeoutMs`.
   */
  waitForLog(
    messages: readonly string[],
    timeoutMs: number,
    seen?: number,
  ): Promise<string | undefined>;
  /** SIGKILL (the benches need no clean exit), then the data directory goes unless kept. */
  stop(): Promise<void>;
}

/**
 * The built server (or `main`, e.g. another checkout's) in a child process on a free port, its
 * log lines read through a pipe. Its DATA_DIR is a fresh temporary directory removed at `stop()`,
 * unless `dataDir` names one (kept: e.g. to restart on the index snapshot a first start wrote
 * there). A setting of `env` given as '' is left unset.
 */
export async function startBenchServer(
  env: Record<string, string>,
  main = SERVER_MAIN,
  fdLimit?: number,
  keptDataDir?: string,
): Promise<BenchServer> {
  const dataDir = keptDataDir ?? (await mkdtemp(join(tmpdir(), 'bench-server-')));
  const environment: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  };
  for (const [name, value] of Object.entries(env)) if (value === '') delete environment[name];
  const server = startServerProcess({
    script: main,
    env: environment,
    ...(fdLimit === undefined ? {} : { fdLimit }),
    stderr: 'inherit',
  });
  const requestLog: Array<{ path: string; ms: number }> = [];
  const messages = new Map<string, number>();
  const messageWaiters = new Set<() => void>();
  server.onStdoutLine((line) => {
    if (!line.startsWith('{')) return; // V8's own lines, with NODE_OPTIONS such as --trace-gc
    if (line.includes('"msg":"request"'))
      requestLog.push(JSON.parse(line) as { path: string; ms: number });
    else if (line.includes('"msg":') && !line.includes('"msg":"listening"')) {
      const { msg } = JSON.parse(line) as { msg: string };
      messages.set(msg, (messages.get(msg) ?? 0) + 1);
      for (const wake of messageWaiters) wake();
    }
  });
  const url = await server.listening;
  const metricsUrl = await server.metricsUrl;
  let stopping: Promise<void> | undefined;
  return {
    url,
    metricsUrl,
    pid: server.pid,
    cpuMs: server.cpuMs,
    mainThreadCpuMs: server.mainThreadCpuMs,
    allThreadsCpuMs: server.allThreadsCpuMs,
    peakRssBytes: server.peakRssBytes,
    requestLogMs: (path) => requestLog.filter((l) => l.path === path).map((l) => l.ms),
    logged: (message) => messages.has(message),
    loggedTimes: (message) => messages.get(message) ?? 0,
    waitForLog: (wanted, timeoutMs, seen = 0) =>
      new Promise((resolve) => {
        const check = (): boolean => {
          const found = wanted.find((message) => (messages.get(message) ?? 0) > seen);
          if (found === undefined) return false;
          finish(found);
          return true;
        };
        const finish = (found: string | undefined): void => {
          messageWaiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => finish(undefined), timeoutMs);
        messageWaiters.add(wake);
        check();
      }),
    stop: () => {
      // Once: a second call (a finally after an early stop) waits for the same exit.
      stopping ??= (async () => {
        await server.stop(0);
        if (keptDataDir === undefined) await rm(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

/** A server under load, started by `startServerLoggingTo`. */
export interface LoggingServer extends ServerProcess {
  readonly url: string;
}

/**
 * `node [nodeArgs] script [args]` (the service, or a reference server: it prints the same JSON
 * listening line) with its standard output going to `logFile`; `env` is the process's own
 * environment by default. A file, not a pipe: the load generator is too busy to drain a pipe,
 * which would block the service's synchronous log writes and measure the bench. `stop(graceMs)`
 * sends SIGTERM, so that `--cpu-prof` writes its profile.
 */
export async function startServerLoggingTo(
  script: string,
  logFile: string,
  options: Partial<Pick<ServerProcessOptions, 'args' | 'nodeArgs' | 'wrapper'>> & {
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<LoggingServer> {
  const server = startServerProcess({
    ...options,
    script,
    env: options.env ?? process.env,
    stdoutFile: logFile,
    stderr: 'inherit',
  });
  return Object.assign(server, { url: await server.listening });
}
