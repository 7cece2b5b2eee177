import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../src/testing/index.js';

// Small scripts in place of the server: they print what the server prints at its start (the
// JSON listening line on stdout, the plain Listening line on stderr), so that the starter's own
// rules are checked in milliseconds.
const work = mkdtempSync(path.join(tmpdir(), 'start-server-process-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const file = path.join(work, name);
  writeFileSync(file, body);
  return file;
}

const listens = script(
  'listens.mjs',
  `
// First, as the server does: a SIGTERM sent as soon as the listening line is read must find it.
process.on('SIGTERM', () => process.exit(7));
process.stdout.write('V8 says something first\\n');
console.log(JSON.stringify({ msg: 'listening', url: 'http://127.0.0.1:1234', metricsUrl: 'http://127.0.0.1:5678/metrics', env: process.env.GREETING ?? null, args: process.argv.slice(2) }));
console.log(JSON.stringify({ msg: 'request', path: '/x', ms: 1 }));
process.stderr.write('Listening on http://127.0.0.1:1234 (metrics at http://127.0.0.1:5678/metrics).\\n');
setInterval(() => undefined, 1000);
`,
);

const env = { PATH: process.env['PATH'], GREETING: 'hello', UNSET: undefined };

describe('startServerProcess', () => {
  it('reads the URLs from the JSON listening line, passes the environment and arguments, keeps the output and stops with SIGTERM', async () => {
    const server = startServerProcess({ script: listens, args: ['--flag'], env, keepOutput: true });
    const lines: string[] = [];
    server.onStdoutLine((line) => lines.push(line));
    expect(await server.listening).toBe('http://127.0.0.1:1234');
    expect(await server.metricsUrl).toBe('http://127.0.0.1:5678/metrics');
    expect(await server.listeningLine).toBe(
      'Listening on http://127.0.0.1:1234 (metrics at http://127.0.0.1:5678/metrics).',
    );
    const listening = JSON.parse(lines.find((l) => l.includes('"listening"'))!) as {
      env: string;
      args: string[];
    };
    expect(listening).toMatchObject({ env: 'hello', args: ['--flag'] });
    expect(lines).toContain('{"msg":"request","path":"/x","ms":1}');
    expect(server.output()).toContain('V8 says something first');
    expect(server.output()).toContain('Listening on http://127.0.0.1:1234');
    expect(server.cpuMs()).toBeGreaterThanOrEqual(0);
    expect(await server.stop()).toBe(7);
    expect(await server.stop()).toBe(7);
  });

  it('reads the listening line from a file when standard output goes to one', async () => {
    const log = path.join(work, 'server.log');
    const server = startServerProcess({ script: listens, env, stdoutFile: log });
    expect(await server.listening).toBe('http://127.0.0.1:1234');
    await server.stop();
    expect(readFileSync(log, 'utf8')).toContain('"msg":"request"');
  });

  it('kills a process that ignores SIGTERM once the grace is over, and at once with no grace', async () => {
    const stubborn = script(
      'stubborn.mjs',
      `
process.on('SIGTERM', () => undefined);
console.log(JSON.stringify({ msg: 'listening', url: 'http://127.0.0.1:1' }));
setInterval(() => undefined, 1000);
`,
    );
    const graced = startServerProcess({ script: stubborn, env });
    await graced.listening;
    const started = Date.now();
    expect(await graced.stop(300)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const killed = startServerProcess({ script: stubborn, env });
    await killed.listening;
    expect(await killed.stop(0)).toBeNull();
    expect(killed.child.signalCode).toBe('SIGKILL');
  });

  it('rejects with what the process said when it exits before listening', async () => {
    const fails = script('fails.mjs', `console.error('no catalog here'); process.exit(2);`);
    const server = startServerProcess({ script: fails, env });
    await expect(server.listening).rejects.toThrow(
      /exited with 2 before listening:\nno catalog here/,
    );
    await expect(server.listeningLine).rejects.toThrow(/exited with 2/);
  });

  it('applies fdLimit to the process alone', async () => {
    const limit = script(
      'limit.mjs',
      `
import { execSync } from 'node:child_process';
console.log(JSON.stringify({ msg: 'listening', url: execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim() }));
`,
    );
    const server = startServerProcess({ script: limit, env, fdLimit: 123 });
    expect(await server.listening).toBe('123');
    await server.exited;
  });
});
