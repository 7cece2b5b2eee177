import { fileURLToPath } from 'node:url';
import { startServerProcess as startProcess, type ServerProcess } from '../../src/testing/index.js';

export type { ServerProcess };

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Starts the service for a test, in the repository, with only `env` (plus PATH and HOME, and a
 * free port for the metrics listener unless the test names one: tests never share 9464; a
 * setting given as undefined is left unset), its output kept, in a process group of its own.
 * `readme`: as the README does — `pnpm start` (build if needed, then run) — when this test itself
 * runs under pnpm (else the built entry point). `node`: the built entry point directly, so that
 * signals reach the server process itself.
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
  how: 'readme' | 'node' = 'node',
): ServerProcess {
  const pnpm = process.env['npm_execpath'];
  return startProcess({
    ...(how === 'readme' && pnpm !== undefined && /pnpm/.test(pnpm)
      ? { script: pnpm, args: ['--silent', 'start'] }
      : {}),
    cwd: REPO_ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      METRICS_PORT: '0',
      ...env,
    },
    keepOutput: true,
    processGroup: true,
  });
}
