import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export const SERVER_MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/** This checkout's built server and, with `compare` (another checkout, built), that one's: name, main script. */
export function serverBuilds(compare: string | undefined): Array<readonly [string, string]> {
  const builds: Array<readonly [string, string]> = [['this build', SERVER_MAIN]];
  if (compare !== undefined) builds.push([compare, resolve(compare, 'apps/server/dist/main.js')]);
  return builds;
}

/**
 * `builds` in the order of round `round` (from 1): turned every round, so that neither build
 * always runs first, on a machine the other just warmed.
 */
export const inTurn = <T>(builds: readonly T[], round: number): readonly T[] =>
  round % 2 === 1 ? builds : [...builds].reverse();

export interface BenchServer {
  readonly url: string;
  /** The metrics listener's `/metrics` address, when the server has one. */
  readonly metricsUrl: string | undefined;
  /** CPU time (user + system, ms) the server process has used so far; Linux /proc only. */
  cpuMs(): number;
  /**
   * CPU time (ms, nanosecond resolution) the server's main thread — the event loop, where every
   * request runs — has used so far, from `/proc/PID/task/PID/schedstat`; Linux only. Unlike
   * wall time, other processes' load does not inflate it.
   */
  mainThreadCpuMs(): number;
  /** The same for all the server's threads (main, libuv pool, V8's compiler and GC helpers). */
  allThreadsCpuMs(): number;
  /** Peak resident set size of the server process so far (VmHWM), in bytes; Linux /proc only. */
  peakRssBytes(): number;
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
  /** The server's process id. */
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * The built server (or `main`, e.g. another checkout's) in a child process on a free port. Its
 * DATA_DIR is a fresh temporary directory removed at `stop()`, unless `dataDir` names one (kept:
 * e.g. to restart on the index snapshot a first start wrote there).
 */
export async function startBenchServer(
  env: Record<string, string>,
  main = SERVER_MAIN,
  fdLimit?: number,
  keptDataDir?: string,
): Promise<BenchServer> {
  const dataDir = keptDataDir ?? (await mkdtemp(join(tmpdir(), 'bench-server-')));
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  };
  for (const [name, value] of Object.entries(env)) if (value === '') delete environment[name];
  // With fdLimit: through sh, so `ulimit -n` applies to the server alone.
  const [command, args] =
    fdLimit === undefined
      ? [process.execPath, [main]]
      : ['/bin/sh', ['-c', `ulimit -n ${fdLimit} && exec "$0" "$1"`, process.execPath, main]];
  const child: ChildProcess = spawn(command, args, {
    env: environment,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const requestLog: Array<{ path: string; ms: number }> = [];
  const messages = new Map<string, number>();
  const messageWaiters = new Set<() => void>();
  let stopping: Promise<void> | undefined;
  let metricsUrl: string | undefined;
  const url = await new Promise<string>((resolve, reject) => {
    let partial = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        // Only JSON log lines: with NODE_OPTIONS such as --trace-gc, V8 writes its own lines too.
        if (line.includes('"msg":"listening"')) {
          const listening = JSON.parse(line) as { url: string; metricsUrl?: string };
          metricsUrl = listening.metricsUrl;
          resolve(listening.url);
        } else if (line.includes('"msg":"request"'))
          requestLog.push(JSON.parse(line) as { path: string; ms: number });
        else if (line.startsWith('{') && line.includes('"msg":')) {
          const { msg } = JSON.parse(line) as { msg: string };
          messages.set(msg, (messages.get(msg) ?? 0) + 1);
          for (const wake of messageWaiters) wake();
        }
      }
    });
    child.on('exit', () => reject(new Error('the server exited before listening')));
  });
  return {
    url,
    metricsUrl,
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s ticks
    },
    requestLogMs: (path) => requestLog.filter((l) => l.path === path).map((l) => l.ms),
    pid: child.pid!,
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
    mainThreadCpuMs: () => threadCpuMs(child.pid!, child.pid!),
    allThreadsCpuMs: () =>
      readdirSync(`/proc/${child.pid}/task`).reduce(
        (sum, tid) => sum + threadCpuMs(child.pid!, Number(tid)),
        0,
      ),
    peakRssBytes: () => {
      const line = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return Number(line?.[1] ?? NaN) * 1024;
    },
    stop: () => {
      // Once: a second call (a finally after an early stop) waits for the same exit.
      stopping ??= (async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        if (keptDataDir === undefined) await rm(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

/** CPU time of one thread in ms (`schedstat`'s first field is nanoseconds on a CPU); 0 once gone. */
function threadCpuMs(pid: number, tid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0; // the thread ended between listing and reading
  }
}
