import { catalogExportJson, ExportCatalog, type LoadedCatalog } from '@reviews/application';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readCatalogFile } from '../catalog/catalog-file.js';
import { loadSettings } from '../catalog/cli-settings.js';
import { withSharedStorage } from '../catalog/shared-catalog.js';
import { CommandFailure, EXIT, type CliCommand } from '../cli-command.js';
import { batched, openTextOutput } from '../terminal/text-output.js';

const USAGE = `Usage: catalog export [--out FILE]

Writes the live catalog in the catalog format, byte for byte what the
server serves at /reviews/index.json: every tool and review with its derived
addresses (from PUBLIC_BASE_URL), the historical notice and the rights block.
Streamed, tool by tool.

  Source: the live publication of the database MONGODB_URL or DATABASE_URL
          names, otherwise CATALOG_FILE (the bundled sample catalog when unset).
  --out FILE   write FILE (replaced only once complete); default: standard output

The settings are the server's (PUBLIC_BASE_URL, HISTORICAL_NOTICE, RIGHTS_*, …);
give the CLI the environment the server has. "catalog import" of the output
followed by another export gives the identical document.

Exit codes: 0 written, 1 nothing to export or a read failure, 2 usage error.`;

export const exportCommand: CliCommand = {
  name: 'export',
  summary: 'write the live catalog (the /reviews/index.json document)',
  usage: USAGE,
  options: { out: { type: 'string', short: 'o' } },
  positionals: [],
  async run(line, io) {
    const settings = loadSettings(io);
    const loaded: LoadedCatalog =
      (await withSharedStorage(settings, async ({ catalog }) => {
        try {
          return await catalog.load();
        } catch (error) {
          throw new CommandFailure(error instanceof Error ? error.message : String(error));
        }
      })) ?? (await readCatalogFile(settings.catalogFile));
    const archive = ExportCatalog.ofDocument(loaded.document, loaded.fingerprint, {
      baseUrl: settings.publicBaseUrl,
      historicalNotice: settings.historicalNotice,
      rights: settings.rights,
    });

    const out = line.values['out'];
    const output = openTextOutput(
      out === undefined ? undefined : path.resolve(io.cwd, out),
      io.stdout,
    );
    try {
      await pipeline(batched(catalogExportJson(archive)), output.stream, { end: output.ends });
      await output.finish();
    } catch (error) {
      await output.abandon();
      throw error;
    }
    if (out !== undefined) {
      io.stderr.write(
        `exported ${archive.toolCount} tools (publication ${archive.publicationId}) to ${out}\n`,
      );
    }
    return EXIT.ok;
  },
};
