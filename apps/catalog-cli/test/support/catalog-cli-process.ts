import { afterAll, beforeAll } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI_DIR = path.join(REPO_ROOT, 'apps/catalog-cli');
export const CLI_ENTRY = path.join(CLI_DIR, 'dist/main.js');
const SUBSCRIPTIONS_ENTRY = path.join(CLI_DIR, 'dist/subscriptions-main.js');
export const SAMPLE_CATALOG = path.join(
  REPO_ROOT,
  'packages/service-common/catalog/sample-catalog.json',
);

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const newestSource = (dir: string): number =>
  Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    }),
  );

/**
 * Builds the CLI (`tsc -b`, incremental) when its entry point is missing or older than a source
 * file, so the tests always spawn what the sources say. `pnpm test` has built it already.
 */
export function ensureCliBuilt(): void {
  let built = 0;
  try {
    built = statSync(CLI_ENTRY).mtimeMs;
  } catch {
    built = 0;
  }
  if (built > newestSource(path.join(CLI_DIR, 'src'))) return;
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/catalog-cli'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
}

/**
 * Runs the built CLI as a real process (`node apps/catalog-cli/dist/main.js …`) with only the
 * environment given (plus PATH and HOME), so no setting of the test run leaks in.
 */
export function runCatalogCli(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliRun> {
  return runBuiltCli(CLI_ENTRY, args, options);
}

/** The same for `subscriptions` (`node apps/catalog-cli/dist/subscriptions-main.js …`). */
export function runSubscriptionsCli(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliRun> {
  return runBuiltCli(SUBSCRIPTIONS_ENTRY, args, options);
}

function runBuiltCli(
  entry: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
  });
}

export interface WorkDirectory {
  readonly dir: string;
  file(name: string): string;
  write(name: string, content: string | object): Promise<string>;
  remove(): Promise<void>;
}

/** A scratch directory for catalog files; `remove()` deletes it. */
export async function aWorkDirectory(): Promise<WorkDirectory> {
  const dir = await mkdtemp(path.join(tmpdir(), 'catalog-cli-test-'));
  return {
    dir,
    file: (name) => path.join(dir, name),
    async write(name, content) {
      const file = path.join(dir, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
      return file;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * For a test file: builds the CLI once and makes a scratch directory before the tests, removes it
 * after them. The returned directory is usable inside the tests (not at collection time).
 */
export function useBuiltCliAndWorkDirectory(): Omit<WorkDirectory, 'remove'> {
  let work: WorkDirectory | undefined;
  beforeAll(async () => {
    ensureCliBuilt();
    work = await aWorkDirectory();
  }, 120_000);
  afterAll(() => work?.remove());
  const current = (): WorkDirectory => {
    if (work === undefined) throw new Error('the work directory exists only while tests run');
    return work;
  };
  return {
    get dir() {
      return current().dir;
    },
    file: (name) => current().file(name),
    write: (name, content) => current().write(name, content),
  };
}
