import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly output: () => string;
  /** Resolves with the bound URL once the server logs "listening". */
  readonly listening: Promise<string>;
  /** Resolves with the plain `Listening on …` line, the last line of the start. */
  readonly listeningLine: Promise<string>;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Signals the whole process group (pnpm and the node it started). */
  readonly signal: (signal: NodeJS.Signals) => void;
}

/**
 * Starts the service. `readme`: as the README does — `pnpm start` (build if needed, then run) —
 * when this test itself runs under pnpm (else the built entry point). `node`: the built entry
 * point directly, so that signals reach the server process itself.
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
  how: 'readme' | 'node' = 'node',
): ServerProcess {
  const pnpm = process.env['npm_execpath'];
  const [command, args] =
    how === 'readme' && pnpm !== undefined && /pnpm/.test(pnpm)
      ? [process.execPath, [pnpm, '--silent', 'start']]
      : [process.execPath, ['apps/server/dist/main.js']];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    // A free port for the metrics listener unless the test names one: tests never share 9464.
    // A setting given as undefined is left unset.
    env: definedOnly({
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      METRICS_PORT: '0',
      ...env,
    }),
    stdio: 'pipe',
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, name);
  };
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const line of output.split('\n')) {
        if (line.includes('"msg":"listening"')) {
          resolve((JSON.parse(line) as { url: string }).url);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
  listening.catch(() => undefined);
  const listeningLine = new Promise<string>((resolve, reject) => {
    child.stderr.on('data', () => {
      const line = output.split('\n').find((l) => l.startsWith('Listening on '));
      if (line !== undefined && output.includes(`${line}\n`)) resolve(line);
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code} before its Listening line:\n${output}`)),
    );
  });
  listeningLine.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, listening, listeningLine, exited, signal };
}

function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
