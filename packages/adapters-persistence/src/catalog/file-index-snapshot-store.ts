import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { IndexSnapshotStore, Logger } from '@reviews/application';
import type { SearchIndexSnapshot } from '@reviews/domain';
import {
  readSnapshot,
  snapshotOf,
  UnusableSnapshotError,
  writeSnapshot,
} from './index-snapshot-format.js';
import {
  prefetchSnapshot,
  snapshotFileOf,
  type PrefetchedSnapshot,
} from './index-snapshot-prefetch.js';

interface FileIndexSnapshotStoreOptions {
  /**
   * Names the indexing code (and the format): a snapshot is only used by code of the same
   * identity. Any change to how an index is built must change it.
   */
  readonly identity: string;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
  /** Snapshots kept in the directory, newest first; older ones are removed after a write (default 3). */
  readonly keep?: number;
  /** Writes wait for this (e.g. the service being ready), so they never compete with a start. */
  readonly writesAfter?: Promise<unknown>;
}

/** A temporary file older than this was left by a writer that died: removed when pruning. */
const STALE_TEMP_MS = 60 * 60_000;

/**
 * The `IndexSnapshotStore` of the embedded mode: one file per catalog fingerprint and indexing
 * code under `directory` (by default `DATA_DIR/index-snapshots/`), format in
 * `index-snapshot-format.ts`. A file is written to a temporary name and renamed into place, so a
 * reader sees a whole file or none, and several instances may share the directory (the last
 * rename wins; both files are equally good). A file that is damaged is reported as a warning and
 * ignored (the caller builds afresh and saves over it); one of other code or content is ignored
 * with an info line. Failing to write only logs a warning.
 */
export class FileIndexSnapshotStore implements IndexSnapshotStore {
  private readonly identity: string;
  private readonly logger: Pick<Logger, 'info' | 'warn'>;
  private readonly keep: number;
  private readonly writesAfter: Promise<unknown>;
  /** Resolves once `close()` is called: saves still waiting for `writesAfter` then give up. */
  private readonly closing: Promise<void>;
  private closed = false;
  private markClosed!: () => void;
  /** Saves under way (waiting or writing), so `close()` can wait for them. */
  private readonly saving = new Set<Promise<void>>();
  /** A snapshot being read ahead (`prefetch`), for the next `load`. */
  private prefetched: Promise<PrefetchedSnapshot | undefined> | undefined;

  constructor(
    private readonly directory: string,
    options: FileIndexSnapshotStoreOptions,
  ) {
    this.identity = options.identity;
    this.logger = options.logger;
    this.keep = Math.max(1, options.keep ?? 3);
    this.writesAfter = options.writesAfter ?? Promise.resolve();
    this.closing = new Promise((resolve) => (this.markClosed = resolve));
  }

  /**
   * Stops taking saves and waits for the ones under way: a write already started finishes (a
   * half-written temporary file is never left behind), a save still waiting for `writesAfter`
   * gives up without touching the directory. Called when the service shuts down, so no write
   * outlives it.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.markClosed();
    await this.idle();
  }

  /** Resolves once the saves under way have finished (written, failed or given up). */
  async idle(): Promise<void> {
    await Promise.all([...this.saving]);
  }

  /** The file that holds (or would hold) the snapshot of `fingerprint`. */
  fileOf(fingerprint: string): string {
    return snapshotFileOf(this.directory, fingerprint, this.identity);
  }

  /**
   * Whether a snapshot of `fingerprint` by this code is in the directory. One is only ever written
   * after this code published the catalog of that fingerprint, and renamed into place whole, so it
   * records that those bytes passed every check: what `FileCatalogSourceOptions.publishedBefore`
   * asks (the code identity covers the repeated-id rule for that reason). A file damaged since
   * still records it; reading it is another matter (`load`).
   */
  holds(fingerprint: string): boolean {
    return existsSync(this.fileOf(fingerprint));
  }

  /**
   * Whether the directory holds a snapshot by this code of any content: one directory listing,
   * for a guess made before the catalog's fingerprint is known (a restart will likely load one,
   * so indexing ahead would be wasted). False when the directory cannot be listed.
   */
  holdsAny(): boolean {
    const suffix = snapshotFileOf('', '', this.identity).slice(1);
    try {
      return readdirSync(this.directory).some((name) => name.endsWith(suffix));
    } catch {
      return false;
    }
  }

  /**
   * Starts reading the snapshot of `catalogFile`'s current content on a worker thread (hashing
   * the file as `FileCatalogSource` does), so that it is ready when the next `load` asks for it:
   * the calling thread meanwhile reads and validates the catalog, and loading it there after
   * took 2 s of a 100k-tool restart. `load` uses what was read ahead only for the very
   * fingerprint it is asked for (the catalog's bytes as the source read them: a file changed in
   * between is a miss), and otherwise loads as without it. `script`: the worker (tests).
   */
  prefetch(catalogFile: string, script?: string): void {
    const request = { catalogFile, directory: this.directory, identity: this.identity };
    this.prefetched = prefetchSnapshot(request, script);
  }

  async load(fingerprint: string, toolCount: number): Promise<SearchIndexSnapshot | undefined> {
    const file = this.fileOf(fingerprint);
    const started = performance.now();
    const ahead = await this.takePrefetched();
    if (ahead?.fingerprint === fingerprint) {
      try {
        const index = snapshotOf(ahead, toolCount);
        this.logger.info(
          { file, ms: Math.round(performance.now() - started), prefetched: true },
          'index snapshot loaded',
        );
        return index;
      } catch {
        // Not of these tools: read again below, which says why.
      }
    }
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn({ file, err: error }, 'cannot read the index snapshot; indexing afresh');
      }
      return undefined;
    }
    try {
      const { size } = await handle.stat();
      const index = await readSnapshot(handle, size, {
        identity: this.identity,
        fingerprint,
        toolCount,
      });
      this.logger.info(
        { file, bytes: size, ms: Math.round(performance.now() - started) },
        'index snapshot loaded',
      );
      return index;
    } catch (error) {
      if (error instanceof UnusableSnapshotError && error.reason === 'foreign') {
        this.logger.info(
          { file, reason: error.message },
          'index snapshot not used; indexing afresh',
        );
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn(
          { file, reason },
          'index snapshot rejected as damaged; indexing afresh and replacing it',
        );
      }
      return undefined;
    } finally {
      await handle.close();
    }
  }

  /** What `prefetch` read, once: a second `load` reads the file again. */
  private async takePrefetched(): Promise<PrefetchedSnapshot | undefined> {
    const ahead = this.prefetched;
    this.prefetched = undefined;
    return ahead;
  }

  save(fingerprint: string, index: SearchIndexSnapshot): Promise<void> {
    if (this.closed) return Promise.resolve();
    const saving = this.saveWhenAllowed(fingerprint, index).finally(() =>
      this.saving.delete(saving),
    );
    this.saving.add(saving);
    return saving;
  }

  private async saveWhenAllowed(fingerprint: string, index: SearchIndexSnapshot): Promise<void> {
    await Promise.race([this.writesAfter, this.closing]);
    if (this.closed) return;
    const file = this.fileOf(fingerprint);
    const temporary = `${file}.${process.pid}-${threadId}-${randomBytes(4).toString('hex')}.tmp`;
    const started = performance.now();
    try {
      await mkdir(this.directory, { recursive: true });
      const handle = await open(temporary, 'wx');
      let bytes: number;
      try {
        bytes = await writeSnapshot(handle, this.identity, fingerprint, index);
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
      this.logger.info(
        { file, bytes, ms: Math.round(performance.now() - started) },
        'index snapshot written',
      );
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      this.logger.warn(
        { file, err: error },
        'cannot write the index snapshot; the next start will index afresh',
      );
      return;
    }
    await this.prune(file).catch((error: unknown) =>
      this.logger.warn({ directory: this.directory, err: error }, 'cannot prune index snapshots'),
    );
  }

  /** Keeps the `keep` newest snapshots (always `current`) and drops temporary files left behind. */
  private async prune(current: string): Promise<void> {
    const now = Date.now();
    const entries: { path: string; mtimeMs: number; temporary: boolean }[] = [];
    for (const name of await readdir(this.directory)) {
      const temporary = name.endsWith('.tmp');
      if (!temporary && !name.endsWith('.idx')) continue;
      const path = join(this.directory, name);
      const info = await stat(path).catch(() => undefined);
      if (info !== undefined) entries.push({ path, mtimeMs: info.mtimeMs, temporary });
    }
    const snapshots = entries
      .filter((entry) => !entry.temporary && entry.path !== current)
      .sort((a, b) => b.mtimeMs - a.mtimeMs);
    const doomed = [
      ...snapshots.slice(this.keep - 1),
      ...entries.filter((entry) => entry.temporary && now - entry.mtimeMs > STALE_TEMP_MS),
    ];
    // Another instance may prune at the same time: a file already gone is fine.
    for (const entry of doomed) await unlink(entry.path).catch(() => undefined);
  }
}
