/* global process, setTimeout */
// Starts FerretDB for the test run: a free port, telemetry off, its own fresh PostgreSQL database
// on 127.0.0.1:5432 (user postgres) or, when PostgreSQL is not there, a SQLite directory; state
// under a temp folder. `stop()` ends the process and removes the database and the folder.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG = { host: process.env.PGHOST ?? '127.0.0.1', port: process.env.PGPORT ?? '5432' };

/**
 * FERRETDB_BIN, the newest build in the cache .ci/ensure-ferretdb.sh builds into
 * (`~/.cache/reviews/ferretdb-<version>/ferretdb`, or FERRETDB_CACHE_DIR), or `ferretdb` on PATH.
 */
function findFerretDbBinary() {
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'reviews');
  const cached = process.env.FERRETDB_CACHE_DIR
    ? [process.env.FERRETDB_CACHE_DIR]
    : cachedVersionDirs(cache);
  const candidates = [
    process.env.FERRETDB_BIN,
    ...cached.map((dir) => join(dir, 'ferretdb')),
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'ferretdb')),
  ].filter(Boolean);
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(
    `no ferretdb binary (set FERRETDB_BIN or run .ci/ensure-ferretdb.sh; looked at ${[process.env.FERRETDB_BIN, cache].filter(Boolean).join(', ')} and PATH)`,
  );
}

/** `<cache>/ferretdb-<version>` folders, newest version first. */
function cachedVersionDirs(cache) {
  let names;
  try {
    names = readdirSync(cache);
  } catch {
    return [];
  }
  const version = (name) => name.slice('ferretdb-'.length).split('.').map(Number);
  return names
    .filter((name) => /^ferretdb-\d+\.\d+\.\d+$/.test(name))
    .sort((a, b) => {
      const [x, y] = [version(a), version(b)];
      return y[0] - x[0] || y[1] - x[1] || y[2] - x[2];
    })
    .map((name) => join(cache, name));
}

/** The version the binary reports (`ferretdb --version` prints `version: v1.24.2`). */
async function binaryVersion(binary) {
  const { stdout } = await run(binary, ['--version'], { timeout: 10_000 });
  return /^version:\s*v?(\S+)/m.exec(stdout)?.[1] ?? 'of unknown version';
}

export async function startFerretDb() {
  const binary = findFerretDbBinary();
  const version = await binaryVersion(binary);
  const stateDir = await mkdtemp(join(tmpdir(), 'ferretdb-test-'));
  const backend = await postgresDatabase().catch(async (error) => sqliteDirectory(stateDir, error));
  const port = await freePort();
  const child = spawn(
    binary,
    [
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      `--state-dir=${stateDir}`,
      '--log-level=warn',
      ...backend.args,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await backend.drop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `mongodb://127.0.0.1:${port}`,
    server: `FerretDB ${version} over ${backend.label}`,
    stop,
  };
}

async function postgresDatabase() {
  const name = `ferretdb_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const pg = ['-h', PG.host, '-p', PG.port, '-U', process.env.PGUSER ?? 'postgres'];
  await run('createdb', [...pg, name], { timeout: 10_000 });
  return {
    label: `PostgreSQL (database ${name})`,
    args: [
      '--handler=postgresql',
      `--postgresql-url=postgres://${process.env.PGUSER ?? 'postgres'}@${PG.host}:${PG.port}/${name}`,
    ],
    drop: () =>
      run('dropdb', [...pg, '--if-exists', '--force', name], { timeout: 10_000 }).catch(
        () => undefined,
      ),
  };
}

function sqliteDirectory(stateDir, pgError) {
  return {
    label: `SQLite (PostgreSQL unavailable: ${pgError.message.split('\n')[0]})`,
    args: ['--handler=sqlite', `--sqlite-url=file:${stateDir}/sqlite/`],
    drop: async () => undefined,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, child, stderr) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`ferretdb exited with ${child.exitCode}: ${stderr()}`);
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`ferretdb did not listen on port ${port} within 20 s: ${stderr()}`);
}
