import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import {
  CatalogInvalidError,
  type LoadedCatalog,
  type StreamedCatalog,
  type StreamingCatalogSource,
  type ToolObserver,
} from '@reviews/application';
import { readCatalogJsonChunks, type ByteReader } from './catalog-json-reader.js';
import { CatalogValidator } from './catalog-validator.js';
import { JsonSyntaxError } from './json-syntax.error.js';

/** Bytes read at a time: large enough that refills are rare, small beside the catalog. */
const CATALOG_CHUNK_BYTES = 8 * 1024 * 1024;

/** The fingerprint of a catalog file from the SHA-256 of its bytes (see `FileCatalogSource`). */
const fingerprintOf = (hash: Hash): string => hash.digest('hex').slice(0, 16);

/**
 * The fingerprint `FileCatalogSource.load()` gives the file at `filePath` as it is now, without
 * parsing it. Throws when the file cannot be read.
 */
export function catalogFileFingerprint(filePath: string): string {
  const hash = createHash('sha256');
  const fd = openSync(filePath, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CATALOG_CHUNK_BYTES);
    for (let length; (length = readSync(fd, chunk, 0, chunk.length, null)) > 0;)
      hash.update(chunk.subarray(0, length));
  } finally {
    closeSync(fd);
  }
  return fingerprintOf(hash);
}

export interface FileCatalogSourceOptions {
  /** How much of the file is read at a time (small amounts only make sense in tests). */
  readonly chunkBytes?: number;
  /**
   * True when the file's bytes of this fingerprint were published before by this very code (an
   * index snapshot of them exists): their ids are then known to be unique, and the pass that looks
   * for repeated ids, which runs once every tool has been read, is skipped (see
   * `CatalogValidator.finish`). Every other check still runs.
   */
  readonly publishedBefore?: (fingerprint: string) => boolean;
}

/**
 * The catalog of a JSON file (docs/cli.md#catalog-format), e.g. `CATALOG_FILE`. Each `load()` reads
 * the file afresh. The fingerprint is the first 16 hex digits (64 bits) of the SHA-256 of the
 * file's bytes, so any change to the file, white space included, gives a new one.
 *
 * Size: the file is read in chunks of 8 MiB, never held whole and never decoded as one string:
 * tools are parsed and validated one at a time (see `readCatalogJsonChunks`), a tool split across
 * two chunks is carried over, and the fingerprint is hashed over the same chunks. That is what
 * lets a catalog of 100,000 tools and a million reviews (1.08 GB) load although V8 strings stop
 * near 512 MiB, with memory holding the validated document and one chunk. Loading runs on the
 * calling thread and blocks its event loop throughout (figures: docs/performance.md, Scale).
 *
 * `stream` reads the same way but keeps no tool at all (see `StreamingCatalogSource`).
 *
 * Rejects with `CatalogInvalidError` when the content is not JSON (one problem at `$` naming line
 * and column) or breaks the contract (every problem, with its path), and with a plain `Error`
 * naming the file when it cannot be read.
 */
export class FileCatalogSource implements StreamingCatalogSource {
  private readonly chunkBytes: number;
  private readonly publishedBefore: (fingerprint: string) => boolean;

  constructor(
    private readonly filePath: string,
    options: FileCatalogSourceOptions = {},
  ) {
    this.chunkBytes = options.chunkBytes ?? CATALOG_CHUNK_BYTES;
    this.publishedBefore = options.publishedBefore ?? (() => false);
  }

  load(observer?: ToolObserver): Promise<LoadedCatalog> {
    // Synchronous reads: the scanning between them blocks this thread anyway, and it saves a
    // promise per chunk. Errors become rejections, as before.
    return new Promise((resolve) => {
      const validator = new CatalogValidator({
        ownsInput: true,
        ...(observer === undefined ? {} : { observer }),
      });
      const fingerprint = this.readInto(validator);
      const idsKnownUnique = this.publishedBefore(fingerprint);
      resolve({ document: validator.finish({ idsKnownUnique }), fingerprint });
    });
  }

  stream(observer: ToolObserver, vouchedFor?: string): Promise<StreamedCatalog> {
    return new Promise((resolve) => {
      const validator = new CatalogValidator({
        ownsInput: true,
        keepTools: false,
        idsKnownUnique: vouchedFor !== undefined,
        observer,
      });
      const fingerprint = this.readInto(validator);
      const { schemaVersion, publishedAt } = validator.finish();
      resolve({
        header: { schemaVersion, publishedAt },
        toolCount: validator.acceptedTools,
        fingerprint,
      });
    });
  }

  fingerprint(): Promise<string> {
    return new Promise((resolve) => {
      try {
        resolve(catalogFileFingerprint(this.filePath));
      } catch (error) {
        throw this.cannotRead(error);
      }
    });
  }

  /** Reads the whole file into `validator`; returns the fingerprint of the bytes read. */
  private readInto(validator: CatalogValidator): string {
    const fd = this.open();
    const files: number[] = [fd];
    const hash = createHash('sha256');
    try {
      let first = true;
      // The reader parses every tool afresh and keeps none: the validator may keep them.
      readCatalogJsonChunks(
        () => {
          // The second call (only after a syntax error, to find its line) reads the file again.
          if (first) {
            first = false;
            return this.chunksOf(fd, hash);
          }
          const again = this.open();
          files.push(again);
          return this.chunksOf(again);
        },
        {
          member: (key, value) => validator.acceptMember(key, value),
          tool: (value, controlFree) => validator.acceptTool(value, controlFree),
          root: (value) => validator.acceptRoot(value),
        },
      );
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      throw new CatalogInvalidError([
        { path: '$', message: `is not valid JSON: ${error.message}` },
      ]);
    } finally {
      for (const file of files) closeSync(file);
    }
    return fingerprintOf(hash);
  }

  /** The file's bytes in chunks, each added to `hash` as it is read. */
  private chunksOf(fd: number, hash?: Hash): ByteReader {
    // One buffer for every read: the scanner copies what it keeps (see `ByteReader`).
    const chunk = Buffer.allocUnsafe(this.chunkBytes);
    return () => {
      let length = 0;
      try {
        length = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        throw this.cannotRead(error);
      }
      if (length === 0) return undefined;
      const bytes = chunk.subarray(0, length);
      hash?.update(bytes);
      return bytes;
    };
  }

  private open(): number {
    try {
      return openSync(this.filePath, 'r');
    } catch (error) {
      throw this.cannotRead(error);
    }
  }

  private cannotRead(error: unknown): Error {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'the file does not exist'
        : error instanceof Error
          ? error.message
          : String(error);
    return new Error(`Cannot read the catalog file ${this.filePath}: ${reason}`, { cause: error });
  }
}
