import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../support/server-process.js';

/**
 * The logger batches its stdout writes (fewer write calls per request): no line may be lost or reordered on the way
 * out, whichever way the process ends, and a line must not wait long for company.
 */
const work = mkdtempSync(path.join(tmpdir(), 'reviews-logger-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LOGGER = pathToFileURL(path.join(REPO_ROOT, 'apps/server/dist/logging/logger.js')).href;

/** Runs `body` in a fresh node process with `logger` (the service's, level info) in scope. */
function runLogging(body: string): {
  stdout: () => string;
  exited: Promise<number | null>;
  stderr: () => string;
  delayOf: (i: number) => number;
} {
  const script = path.join(work, `child-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    script,
    `import { createLogger, stdoutDestination } from ${JSON.stringify(LOGGER)};\nconst logger = createLogger('info');\n${body}\n`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  // When each stretch of stdout arrived, so that a line's delay excludes the child's start-up.
  const arrivals: { readonly at: number; readonly end: number }[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    arrivals.push({ at: Date.now(), end: stdout.length });
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  /** How long after it was logged (pino's `time`) the `request` line `i` reached this process. */
  const delayOf = (i: number): number => {
    let end = 0;
    for (const line of stdout.split('\n')) {
      end += line.length + 1;
      if (!line.includes('"msg":"request"')) continue;
      const logged = JSON.parse(line) as { i: number; time: number };
      if (logged.i !== i) continue;
      const arrival = arrivals.find((a) => a.end >= end);
      if (arrival === undefined) throw new Error(`request line ${i} has not arrived whole`);
      return arrival.at - logged.time;
    }
    throw new Error(`no request line ${i}`);
  };
  return { stdout: () => stdout, stderr: () => stderr, exited, delayOf };
}

/** The `i` of every `request` line, in the order they were written. */
function loggedIndexes(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => (JSON.parse(line) as { i: number }).i);
}

const LINES = 20_000;
const ALL = Array.from({ length: LINES }, (_, i) => i);
const LOG_ALL = `for (let i = 0; i < ${LINES}; i++) logger.info({ i, path: '/api/v1/tools' }, 'request');`;

describe('the service logger (batched stdout)', () => {
  it('writes every line, in order, when the process calls process.exit (as SIGTERM does)', async () => {
    const run = runLogging(`${LOG_ALL}\nprocess.exit(0);`);
    expect(await run.exited).toBe(0);
    expect(loggedIndexes(run.stdout())).toEqual(ALL);
  }, 30_000);

  it('writes every line when the event loop runs out (a failed start sets exitCode and returns)', async () => {
    const run = runLogging(`${LOG_ALL}\nprocess.exitCode = 1;`);
    expect(await run.exited).toBe(1);
    expect(loggedIndexes(run.stdout())).toEqual(ALL);
  }, 30_000);

  it('writes every line before an uncaught exception ends the process', async () => {
    const run = runLogging(`${LOG_ALL}\nthrow new Error('fatal on purpose');`);
    expect(await run.exited).not.toBe(0);
    expect(run.stderr()).toContain('fatal on purpose');
    expect(loggedIndexes(run.stdout())).toEqual(ALL);
  }, 30_000);

  it('writes every line before an unhandled rejection ends the process', async () => {
    const run = runLogging(`${LOG_ALL}\nawait Promise.reject(new Error('rejected on purpose'));`);
    expect(await run.exited).not.toBe(0);
    expect(loggedIndexes(run.stdout())).toEqual(ALL);
  }, 30_000);

  it('does not hold a lone line for long while the process keeps running', async () => {
    // One short line (far under the batch size), then the process stays alive for 3 s.
    const run = runLogging(
      `logger.info({ i: 0 }, 'request');\nsetTimeout(() => process.exit(0), 3000);`,
    );
    expect(await run.exited).toBe(0);
    expect(loggedIndexes(run.stdout())).toEqual([0]);
    // Written by the periodic flush, long before the process exits 3 s after logging it. Timed
    // from the line's own time, not from the spawn: a loaded machine can take seconds to start
    // a process, which is not what this test is about.
    expect(run.delayOf(0)).toBeLessThan(2_000);
  }, 30_000);

  it('writes a line logged while a batch is being written, soon after', async () => {
    // A line over the batch size is written at once; the short one after it waits for that
    // write to finish, then for the timer.
    const run = runLogging(
      `logger.info({ i: 0, pad: 'x'.repeat(6000) }, 'request');\nlogger.info({ i: 1 }, 'request');\nsetTimeout(() => process.exit(0), 3000);`,
    );
    expect(await run.exited).toBe(0);
    expect(loggedIndexes(run.stdout())).toEqual([0, 1]);
    expect(run.delayOf(1)).toBeLessThan(2_000);
  }, 30_000);

  it('writes nothing at all while nothing is logged', async () => {
    // sonic-boom's own periodic flush wrote an empty string every 50 ms when idle.
    const run = runLogging(
      `const destination = stdoutDestination();\nconst own = createLogger('info', destination);\nconst writes = [];\ndestination.on('write', (bytes) => writes.push(bytes));\nown.info({ i: 0 }, 'request');\nsetTimeout(() => { console.error(JSON.stringify({ writes })); process.exit(0); }, 1000);`,
    );
    expect(await run.exited).toBe(0);
    expect(loggedIndexes(run.stdout())).toEqual([0]);
    const { writes } = JSON.parse(run.stderr()) as { writes: number[] };
    // One write of the line; none of nothing in the idle second after it.
    expect(writes).toHaveLength(1);
    expect(writes[0]).toBeGreaterThan(0);
  }, 30_000);
});
