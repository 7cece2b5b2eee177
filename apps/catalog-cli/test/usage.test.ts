import { beforeAll, describe, expect, it } from '@jest/globals';
import { ensureCliBuilt, runCatalogCli } from './support/catalog-cli-process.js';

const COMMANDS = ['validate', 'import', 'export', 'generate', 'diff'];

beforeAll(() => ensureCliBuilt(), 120_000);

describe('catalog CLI usage', () => {
  it('lists every command with --help and exits 0', async () => {
    const run = await runCatalogCli(['--help']);
    expect(run.code).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it.each(COMMANDS)('prints the usage of %s with --help and exits 0', async (command) => {
    const run = await runCatalogCli([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: catalog ${command}`));
    expect(run.stdout).toContain('Exit codes:');
    expect(run.stderr).toBe('');
  });

  it('exits 2 with the command list when no command is given', async () => {
    const run = await runCatalogCli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('catalog: no command given');
    expect(run.stderr).toContain('Commands:');
  });

  it('exits 2 on an unknown command', async () => {
    const run = await runCatalogCli(['publish', 'x.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "publish"');
  });

  it.each([
    ['validate', [], 'expected FILE argument, got none'],
    ['validate', ['a.json', 'b.json'], 'got "a.json" "b.json"'],
    ['import', [], 'expected FILE argument'],
    ['diff', ['only-one.json'], 'expected OLD and NEW arguments'],
    ['export', ['stray.json'], 'expected no arguments'],
    ['export', ['--out'], "Option '-o, --out <value>' argument missing"],
    ['validate', ['--strict', 'a.json'], "Unknown option '--strict'"],
    ['generate', ['--seed', '1'], '--tools is required'],
    ['generate', ['--tools', 'many', '--seed', '1'], '--tools must be a whole number'],
    ['generate', ['--tools', '5', '--seed=-1'], '--seed must be a whole number'],
  ])('exits 2 on a bad command line: %s %j', async (command, args, message) => {
    const run = await runCatalogCli([command, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain(`Run "catalog ${command} --help" for usage.`);
    expect(run.stdout).toBe('');
  });

  it('exits 2 naming the setting when the environment is invalid', async () => {
    const run = await runCatalogCli(['export'], { env: { PUBLIC_BASE_URL: 'ftp://nope' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Invalid setting PUBLIC_BASE_URL');
    expect(run.stdout).toBe('');
  });
});
