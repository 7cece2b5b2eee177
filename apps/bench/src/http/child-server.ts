import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A server in a child process of its own, never in the load generator's process. */
export interface ChildServer {
  readonly url: string;
  /** The process id (a wrapper such as valgrind runs node in its own process, so it is node's). */
  readonly pid: number;
  /**
   * CPU time (user + system, all threads, ms, 10 ms resolution) the process has used so far;
   * Linux /proc only.
   */
  cpuMs(): number;
  /** SIGTERM (so `--cpu-prof` writes its profile), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node [nodeArgs] script [args]` with its standard output going to `logFile`, and
 * resolves once it logs a JSON line with `"msg":"listening"` and a `url` (the service's own log
 * line; the reference servers print the same). A file, not a pipe: the load generator is too busy
 * to drain a pipe, which would block the service's synchronous log writes and measure the bench.
 */
export async function startChildServer(
  script: string,
  logFile: string,
  options: {
    args?: string[];
    nodeArgs?: string[];
    env?: NodeJS.ProcessEnv;
    /** A program that runs node, with its own arguments (e.g. valgrind); none by default. */
    wrapper?: readonly string[];
  } = {},
): Promise<ChildServer> {
  const log = openSync(logFile, 'w');
  const nodeCommand = [
    process.execPath,
    ...(options.nodeArgs ?? []),
    script,
    ...(options.args ?? []),
  ];
  const [command, ...args] = [...(options.wrapper ?? []), ...nodeCommand];
  const child: ChildProcess = spawn(command!, args, {
    env: options.env ?? process.env,
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  let exited = false;
  child.once('exit', () => (exited = true));
  let url: string | undefined;
  while (url === undefined) {
    if (exited) throw new Error(`${script} exited before listening (see ${logFile})`);
    await sleep(50);
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.includes('"msg":"listening"'));
    if (line !== undefined) url = (JSON.parse(line) as { url: string }).url;
  }
  return {
    url,
    pid: child.pid!,
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s ticks
    },
    stop: async (graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
