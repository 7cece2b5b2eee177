import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startCheckedServer, type CheckedServer } from './support/openapi-checked-server.js';
import { REPO_ROOT } from './support/server-process.js';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'reviews-openapi-lint-'));
const REDOCLY = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const NO_NETWORK = path.join(REPO_ROOT, 'apps/server/test/support/no-network.cjs');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; message: string; severity: string }>;
}

let server: CheckedServer;
beforeAll(async () => {
  server = await startCheckedServer(work);
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Runs `redocly lint` with its recommended rules on `file`, offline: telemetry and the update
 * check are switched off, and a preload makes any network attempt fail loudly on stderr.
 */
async function redoclyLint(file: string): Promise<{ report: LintReport; stderr: string }> {
  const result = await run(
    process.execPath,
    [REDOCLY, 'lint', '--extends=recommended', '--format=json', file],
    {
      cwd: work,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: work,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NODE_OPTIONS: `--require ${NO_NETWORK}`,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  return { report: JSON.parse(result.stdout) as LintReport, stderr: result.stderr };
}

describe('redocly lint on the served /api/v1/openapi.json', () => {
  it('passes the recommended rules with no error and no warning, without touching the network', async () => {
    const file = path.join(work, 'openapi.json');
    writeFileSync(file, await (await fetch(`${server.url}/api/v1/openapi.json`)).text());
    const { report, stderr } = await redoclyLint(file);
    expect(stderr).not.toMatch(/NETWORK ATTEMPT/);
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('does fail a broken document (the lint can fail)', async () => {
    const file = path.join(work, 'broken.json');
    writeFileSync(
      file,
      JSON.stringify({ openapi: '3.1.0', info: { title: 'x' }, paths: { '/a': { get: {} } } }),
    );
    const { report } = await redoclyLint(file);
    expect(report.totals.errors).toBeGreaterThan(0);
  }, 60_000);
});
