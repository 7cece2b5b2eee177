import type { CatalogExport } from './export-catalog.use-case.js';

/**
 * The JSON text of an export (docs/cli.md#catalog-format), in chunks: the head members, then one
 * tool per line, then the closing brackets. Every writer of the archive (`/reviews/index.json`,
 * `catalog export`) goes through this, so the bytes are the same wherever the archive is read.
 */
export function* catalogExportJson(archive: CatalogExport): Generator<string> {
  const head = JSON.stringify(archive.head);
  yield `${head.slice(0, -1)},"tools":[`;
  let first = true;
  for (const tool of archive.tools()) {
    yield `${first ? '' : ','}\n${JSON.stringify(tool)}`;
    first = false;
  }
  yield '\n]}\n';
}
