import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { IndexingAhead, LoadedCatalog } from '@reviews/application';
import {
  indexingAheadOfImport,
  prebuildIndexSnapshot,
  type ServerConfig,
} from '@reviews/service-common';
import { installCatalogFile } from '../catalog/catalog-file-installer.js';
import { countLine, readCatalogFile } from '../catalog/catalog-file.js';
import { loadSettings } from '../catalog/cli-settings.js';
import { withSharedStorage } from '../catalog/shared-catalog.js';
import { CommandFailure, EXIT, type CliCommand, type CliIo } from '../cli-command.js';
import { progressReporter } from '../terminal/progress-reporter.js';

const USAGE = `Usage: catalog import FILE

Validates FILE (as "catalog validate" does) and, when it is valid, publishes it:

  MONGODB_URL or    writes it to that database (MongoDB, PostgreSQL) as a new
  DATABASE_URL set  publication and switches the live pointer to it in one step;
                    every instance picks it up (PostgreSQL: within a second;
                    MongoDB: by change stream, or within its refresh interval).
  otherwise         installs it as CATALOG_FILE (copied beside it, validated,
                    then renamed over it atomically); the running server
                    publishes it on SIGHUP (kill -HUP <pid>) or at its next start.
                    CATALOG_FILE must be set: the bundled sample is never replaced.
                    It then indexes it as the server would and keeps the index
                    under DATA_DIR/index-snapshots/ (unless INDEX_SNAPSHOTS=false),
                    so that SIGHUP or the next start loads it instead of indexing
                    (a 100k-tool catalog: ready in 9–12 s instead of about 17 s).
                    Run it with the server's DATA_DIR.

An invalid file publishes nothing and the live catalog stays as it was. Progress
is a bar on a terminal and plain lines otherwise, on standard error. The export
members ("url", "historicalNotice", …) are accepted and ignored, so an export can
be imported as is.

Exit codes: 0 published, 1 invalid or unreadable file or unreachable database,
2 usage error (including a missing CATALOG_FILE in embedded mode).`;

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'validate a catalog file and publish it (database or CATALOG_FILE)',
  usage: USAGE,
  options: {},
  positionals: ['FILE'],
  async run(line, io) {
    const [file = ''] = line.files;
    const source = path.resolve(io.cwd, file);
    const settings = loadSettings(io);
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(2);
    if (settings.storage.family !== 'files') {
      const { document } = await readCatalogFile(source, file);
      io.stderr.write(`validated ${file}: ${countLine(document)} (${seconds()} s)\n`);
      const progress = progressReporter(io.stderr, 'publishing', 'tools');
      const done = await withSharedStorage(settings, async ({ name, publisher }) => {
        try {
          const published = await publisher.publish(document, {
            onProgress: (done, total) => progress.update(done, total),
          });
          return { name, published };
        } catch (error) {
          progress.finish();
          const reason = error instanceof Error ? error.message : String(error);
          throw new CommandFailure(`Publishing to ${name} failed: ${reason}`);
        }
      });
      progress.finish();
      if (done === undefined) throw new Error('no shared storage for these settings');
      const { name, published } = done;
      io.stdout.write(
        `published ${file} to ${name} as publication ${published.publicationId}: ${published.tools} tools, ${published.reviews} reviews in ${seconds()} s\n` +
          `Instances follow it at once where they are told (PostgreSQL, a MongoDB change stream), else within CATALOG_REFRESH_INTERVAL_MS (${settings.catalogRefreshIntervalMs} ms).\n`,
      );
      return EXIT.ok;
    }
    const target = embeddedTarget(io, settings.catalogFile);
    const progress = progressReporter(io.stderr, 'copying', 'bytes');
    // The server's index is built on a worker while the copy is validated (see `indexAhead`).
    const warnings: string[] = [];
    const logger = warningsInto(warnings);
    const ahead = indexingAheadOfImport(settings, logger);
    let loaded: LoadedCatalog;
    try {
      loaded = await installCatalogFile(
        source,
        target,
        file,
        progress,
        ahead === undefined ? undefined : (tool) => ahead.add(tool),
      );
    } catch (error) {
      await ahead?.cancel();
      throw error;
    }
    io.stdout.write(
      `installed ${file} as ${target}: ${countLine(loaded.document)} in ${seconds()} s\n`,
    );
    await indexAhead(settings, io, loaded, { ahead, warnings, logger });
    io.stdout.write(
      `The running server publishes it on SIGHUP (kill -HUP <pid>) or at its next start.\n`,
    );
    return EXIT.ok;
  },
};

/** A logger that keeps warnings (with their error's message) and drops the rest. */
function warningsInto(warnings: string[]) {
  return {
    info: () => undefined,
    warn: (fields: Record<string, unknown>, message: string) =>
      warnings.push(
        fields['err'] instanceof Error ? `${message}: ${fields['err'].message}` : message,
      ),
  };
}

/**
 * Indexes the installed catalog (`loaded`, what validating the installed bytes gave) for the
 * server (`prebuildIndexSnapshot`, with the postings `ahead` built while it was validated) and
 * says what came of it. The catalog is installed whatever happens here: a snapshot that cannot
 * be written only means the server indexes when it publishes, as it would without this step.
 */
async function indexAhead(
  settings: ServerConfig,
  io: CliIo,
  loaded: LoadedCatalog,
  {
    ahead,
    warnings,
    logger,
  }: {
    ahead: IndexingAhead | undefined;
    warnings: string[];
    logger: ReturnType<typeof warningsInto>;
  },
): Promise<void> {
  const started = performance.now();
  io.stderr.write(`indexing it for the server (DATA_DIR ${settings.dataDir})\n`);
  const prebuilt = await prebuildIndexSnapshot(settings, logger, loaded, ahead);
  for (const warning of warnings) io.stderr.write(`warning: ${warning}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (prebuilt.outcome === 'off')
    io.stdout.write('index snapshots are off (INDEX_SNAPSHOTS=false): the server indexes it.\n');
  else if (prebuilt.outcome === 'saved')
    io.stdout.write(
      `indexed in ${seconds} s${prebuilt.ahead ? ' (most of it on a worker while validating)' : ''}: ${prebuilt.file}; the server loads it instead of indexing.\n`,
    );
  else io.stdout.write(`could not save its index (${prebuilt.file}): the server indexes it.\n`);
}

function embeddedTarget(io: CliIo, catalogFile: string): string {
  if ((io.env['CATALOG_FILE'] ?? '') === '') {
    throw new CommandFailure(
      'Set MONGODB_URL or DATABASE_URL to publish to a database, or CATALOG_FILE to the catalog file the embedded server publishes (the bundled sample is never replaced).',
      EXIT.usage,
    );
  }
  return catalogFile;
}
