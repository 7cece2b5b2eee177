import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** A server in a child process of its own, never in the load generator's process. */
export interface ChildServer {
  readonly url: string;
  /** SIGTERM (so `--cpu-prof` writes its profile), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node [nodeArgs] script [args]` and resolves once it logs a JSON line with
 * `"msg":"listening"` and a `url` (the service's own log line; the reference servers print the same).
 */
export async function startChildServer(
  script: string,
  options: { args?: string[]; nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<ChildServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), script, ...(options.args ?? [])],
    { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line === undefined) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve((JSON.parse(line) as { url: string }).url);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  return {
    url,
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
