import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SAMPLE_CATALOG_FILE } from '@reviews/service-common';
import { describeWhenAvailable } from '../../../test/skipped-groups/describe-when-available.js';
import { REPO_ROOT, startServerProcess } from './support/server-process.js';

/**
 * What the person at the terminal reads on stderr besides the JSON lines for machines on stdout
 * (README.md, docs/operations.md#starting): a failed reload says so in one plain line, and
 * Ctrl+C stops quietly. Both run the built server in a process of its own.
 */
const work = mkdtempSync(path.join(tmpdir(), 'reviews-operator-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const until = async (check: () => boolean, what: string, ms = 60_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a SIGHUP reload that fails', () => {
  it('says so in one plain line on stderr, naming the file, the problems and that nothing changed', async () => {
    const catalogFile = path.join(work, 'catalog.json');
    copyFileSync(SAMPLE_CATALOG_FILE, catalogFile);
    const server = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_FILE: catalogFile,
      DATA_DIR: path.join(work, 'reload-data'),
    });
    let stderr = '';
    server.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    try {
      await server.listeningLine;
      writeFileSync(catalogFile, JSON.stringify({ schemaVersion: 2, publishedAt: 'soon' }));
      server.signal('SIGHUP');
      await until(() => stderr.includes('Catalog not reloaded'), 'the reload failure line');
      await until(() => stderr.endsWith('\n'), 'the end of the line');
      const lines = stderr.split('\n').filter((line) => line.startsWith('Catalog not reloaded'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^Catalog not reloaded\\. CATALOG_FILE ${catalogFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: \\d+ problems?, the first: \\S+: .+\\. The previous publication stays live\\.$`,
        ),
      );
      // The JSON line for machines is still there, with every problem.
      expect(server.output()).toContain(
        '"msg":"catalog not republished; the previous publication stays live"',
      );
      const ready = await fetch(`${await server.listening}/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      server.signal('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});

const SCRIPT = '/usr/bin/script';

/** `script` (util-linux) gives the server a terminal, as `pnpm start` in a shell has one. */
const describeWithTerminal = describeWhenAvailable({
  group: 'Terminal (util-linux script)',
  using: SCRIPT,
  missing: existsSync(SCRIPT) ? null : `no util-linux script at ${SCRIPT}`,
  enable: 'apt-get install bsdutils (Debian installs it everywhere)',
});

describeWithTerminal('Ctrl+C at a terminal', () => {
  it('stops at once and quietly: no JSON line after the interrupt, exit code 0', async () => {
    const child = spawn(SCRIPT, ['-qfec', 'exec node apps/server/dist/main.js', '/dev/null'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '/tmp',
        PORT: '0',
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'terminal-data'),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await until(() => /Listening on [^\n]*\n/.test(screen), 'the Listening line');
      // The terminal's interrupt character: the terminal sends SIGINT to the server.
      child.stdin.write('\x03');
      expect(await exited).toBe(0);
      const afterInterrupt = screen.slice(screen.indexOf('Listening on')).split(/\r?\n/).slice(1);
      expect(afterInterrupt.filter((line) => line.includes('{'))).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
