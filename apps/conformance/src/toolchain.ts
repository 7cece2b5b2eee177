import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The suite needs Node ≥ 22; the npm registry ships Node itself as `node-<os>-<arch>`. */
const NODE_PACKAGE = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}@22`;

/** One conformance suite release and the protocol generation it is run for. */
export interface SuiteRelease {
  readonly generation: '2026-07-28' | '2025-11-25';
  readonly version: string;
  /** Arguments after `server --url <url>`. */
  readonly args: readonly string[];
}

export const SUITES: readonly SuiteRelease[] = [
  // The first release with the 2026-07-28 scenarios; `--requirements` runs exactly what that
  // revision requires (plus the extension and pending scenarios, reported as not scored).
  { generation: '2026-07-28', version: '0.2.0-alpha.12', args: ['--requirements', '2026-07-28'] },
  // The latest release, for the 2025-11-25 generation (initialize handshake).
  { generation: '2025-11-25', version: '0.1.16', args: ['--spec-version', '2025-11-25'] },
];

/**
 * Installs `spec` with npm into `dir` unless `probe` (a path inside it) already exists: the
 * registry is the only source, and a second run installs nothing.
 */
async function ensureInstalled(dir: string, spec: string, probe: string): Promise<string> {
  const target = path.join(dir, probe);
  if (existsSync(target)) return target;
  await mkdir(dir, { recursive: true });
  console.log(`Installing ${spec} into ${dir} (npm registry, once)…`);
  // cwd = the cache dir, so the project's .npmrc does not apply to this private install.
  await run(
    'npm',
    ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', spec],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  );
  if (!existsSync(target)) throw new Error(`npm installed ${spec} but ${target} is missing.`);
  return target;
}

/** The Node 22 binary from the registry package, installed into `cacheDir/node22`. */
export async function ensureNode22(cacheDir: string): Promise<string> {
  const [name] = NODE_PACKAGE.split('@');
  const binary = process.platform === 'win32' ? 'bin/node.exe' : 'bin/node';
  const node = await ensureInstalled(
    path.join(cacheDir, 'node22'),
    NODE_PACKAGE,
    `node_modules/${name}/${binary}`,
  );
  const { stdout } = await run(node, ['--version']);
  if (!stdout.startsWith('v22.')) throw new Error(`${node} is ${stdout.trim()}, not Node 22.`);
  return node;
}

/** The entry script of one conformance suite release, installed into its own cache dir. */
export function ensureSuite(cacheDir: string, suite: SuiteRelease): Promise<string> {
  return ensureInstalled(
    path.join(cacheDir, `conformance-${suite.version}`),
    `@modelcontextprotocol/conformance@${suite.version}`,
    'node_modules/@modelcontextprotocol/conformance/dist/index.js',
  );
}
