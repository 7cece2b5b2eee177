import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * The built server's entry point. Two levels up from this module in both its source
 * (`src/testing/`) and its build (`dist/testing/`), so tests that run the sources find it too.
 */
export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface ServerProcessOptions {
  /** The script node runs: the server's entry point by default, or another checkout's, a reference server, pnpm. */
  readonly script?: string;
  /** Arguments after the script. */
  readonly args?: readonly string[];
  /** Node's own flags before the script, e.g. `--cpu-prof`. */
  readonly nodeArgs?: readonly string[];
  /** The whole environment of the process (nothing is inherited); a setting given as undefined is left unset. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  /** Runs the process through `sh` with `ulimit -n fdLimit`, so that the limit applies to it alone. */
  readonly fdLimit?: number;
  /**
   * A program that runs node, with its own arguments before node's (e.g. valgrind, which runs it
   * in the same process, so `pid` is node's); none by default.
   */
  readonly wrapper?: readonly string[];
  /**
   * Where standard output goes: read through a pipe line by line (the default), or written to
   * this file, polled for the listening line. A file is for load runs: a load generator too busy
   * to drain a pipe would block the server's synchronous log writes and so measure itself.
   */
  readonly stdoutFile?: string;
  /** Standard error: read through a pipe (the default) or the parent's own. */
  readonly stderr?: 'pipe' | 'inherit';
  /** Standard output (when piped) and standard error (when piped) kept as text for `output()`. */
  readonly keepOutput?: boolean;
  /** A process group of its own, so that `signal` reaches what the script starts (pnpm's node). */
  readonly processGroup?: boolean;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves with the bound URL once the server logs its JSON line `"msg":"listening"`. */
  readonly listening: Promise<string>;
  /** The metrics listener's `/metrics` URL of that same line, when the server has one. */
  readonly metricsUrl: Promise<string | undefined>;
  /** Resolves with the plain `Listening on …` line, the last line of the start (stderr piped). */
  readonly listeningLine: Promise<string>;
  /** Resolves with the exit code (null after a signal). */
  readonly exited: Promise<number | null>;
  /** Calls `listener` with every complete line of the piped standard output. */
  onStdoutLine(listener: (line: string) => void): void;
  /** The output kept so far (`keepOutput`), standard output and error interleaved as they came. */
  output(): string;
  /** Sends `signal` to the process (to its group, with `processGroup`) while it runs. */
  signal(signal: NodeJS.Signals): void;
  /**
   * SIGTERM, then SIGKILL if it has not exited after `graceMs` (0: SIGKILL at once, for runs
   * that need no clean exit); resolves with the exit code. Calling it again waits for the same exit.
   */
  stop(graceMs?: number): Promise<number | null>;
  /** CPU time (user + system, all threads, ms, 10 ms resolution) used so far; Linux /proc only. */
  cpuMs(): number;
  /**
   * CPU time (ms, nanosecond resolution) of the main thread — the event loop, where every request
   * runs — from `/proc/PID/task/PID/schedstat`; other processes' load does not inflate it.
   */
  mainThreadCpuMs(): number;
  /** The same for all its threads (main, libuv pool, V8's compiler and GC helpers). */
  allThreadsCpuMs(): number;
  /** Peak resident set size so far (VmHWM), in bytes; Linux /proc only. */
  peakRssBytes(): number;
}

/**
 * Starts `node [nodeArgs] script [args]` (the built server by default) in a child process and
 * follows its start: the JSON `listening` log line on standard output (URL and metrics URL), the
 * plain `Listening on` line on standard error, the exit. The one way the tests, the benches and
 * the soak start a server (or a reference server, which prints the same listening line).
 */
export function startServerProcess(options: ServerProcessOptions): ServerProcess {
  const script = options.script ?? SERVER_MAIN;
  const node = [
    ...(options.wrapper ?? []),
    process.execPath,
    ...(options.nodeArgs ?? []),
    script,
    ...(options.args ?? []),
  ];
  const [command, args] =
    options.fdLimit === undefined
      ? [node[0]!, node.slice(1)]
      : ['/bin/sh', ['-c', `ulimit -n ${options.fdLimit} && exec "$@"`, 'sh', ...node]];
  const stdoutFd = options.stdoutFile === undefined ? undefined : openSync(options.stdoutFile, 'w');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: definedOnly(options.env),
    stdio: ['ignore', stdoutFd ?? 'pipe', options.stderr ?? 'pipe'],
    detached: options.processGroup ?? false,
  });
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  const pid = child.pid!;

  let output = '';
  const keep = (chunk: Buffer): void => {
    if (options.keepOutput === true) output += chunk.toString('utf8');
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Once its output is read to the end too: what it said before it exited is all there.
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  // The start's standard error, until its Listening line: what an early exit said.
  let startText: string | undefined = '';
  const beforeListening = (what: string) => (code: number | null) =>
    Promise.reject(
      new Error(
        `${script} exited with ${code} before ${what}` +
          (options.stdoutFile === undefined ? '' : ` (see ${options.stdoutFile})`) +
          `:\n${options.keepOutput === true ? output : (startText ?? '')}`,
      ),
    );

  const lineListeners: Array<(line: string) => void> = [];
  let resolveListening!: (found: { url: string; metricsUrl: string | undefined }) => void;
  const listened = new Promise<{ url: string; metricsUrl: string | undefined }>((resolve) => {
    resolveListening = resolve;
  });
  const onLine = (line: string): void => {
    // Only JSON log lines: with NODE_OPTIONS such as --trace-gc, V8 writes its own lines too.
    if (line.startsWith('{') && line.includes('"msg":"listening"')) {
      const { url, metricsUrl } = JSON.parse(line) as { url: string; metricsUrl?: string };
      resolveListening({ url, metricsUrl });
    }
    for (const listener of lineListeners) listener(line);
  };
  if (child.stdout !== null) {
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  } else if (options.stdoutFile !== undefined) {
    void pollForListening(options.stdoutFile, () => exitCode !== undefined).then((line) => {
      if (line !== undefined) onLine(line);
    });
  }
  let resolveLine!: (line: string) => void;
  const listeningLine = new Promise<string>((resolve) => (resolveLine = resolve));
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (startText === undefined) return;
    startText += chunk.toString('utf8');
    const line = startText.split('\n').find((l) => l.startsWith('Listening on '));
    if (line !== undefined && startText.includes(`${line}\n`)) {
      resolveLine(line);
      startText = undefined;
    }
  });
  const listening = Promise.race([
    listened.then((found) => found.url),
    closed.then(beforeListening('listening')),
  ]);
  listening.catch(() => undefined);
  const metricsUrl = listening.then(() => listened.then((found) => found.metricsUrl));
  metricsUrl.catch(() => undefined);
  const started = Promise.race([listeningLine, closed.then(beforeListening('its Listening line'))]);
  started.catch(() => undefined);

  const signal = (name: NodeJS.Signals): void => {
    if (exitCode !== undefined) return;
    if (options.processGroup === true) process.kill(-pid, name);
    else child.kill(name);
  };
  let stopping: Promise<number | null> | undefined;
  return {
    child,
    pid,
    listening,
    metricsUrl,
    listeningLine: started,
    exited,
    onStdoutLine: (listener) => void lineListeners.push(listener),
    output: () => output,
    signal,
    stop: (graceMs = 15_000) => {
      stopping ??= (async () => {
        if (exitCode !== undefined) return exitCode;
        signal(graceMs === 0 ? 'SIGKILL' : 'SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), graceMs);
        const code = await exited;
        clearTimeout(timer);
        return code;
      })();
      return stopping;
    },
    cpuMs: () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s ticks
    },
    mainThreadCpuMs: () => threadCpuMs(pid, pid),
    allThreadsCpuMs: () =>
      readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + threadCpuMs(pid, Number(tid)), 0),
    peakRssBytes: () => {
      const line = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return Number(line?.[1] ?? NaN) * 1024;
    },
  };
}

/** The first listening line written to `file`, polled every 50 ms; undefined once `gone()`. */
async function pollForListening(file: string, gone: () => boolean): Promise<string | undefined> {
  for (;;) {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{') && l.includes('"msg":"listening"'));
    if (line !== undefined) return line;
    if (gone()) return undefined;
    await sleep(50);
  }
}

/** CPU time of one thread in ms (`schedstat`'s first field is nanoseconds on a CPU); 0 once gone. */
function threadCpuMs(pid: number, tid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0; // the thread ended between listing and reading
  }
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
