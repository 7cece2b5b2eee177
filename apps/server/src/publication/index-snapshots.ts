import { FileIndexSnapshotStore } from '@reviews/adapters-persistence';
import type { Logger } from '@reviews/application';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerConfig } from '../config/server-config.js';

/** Bump when the snapshot file layout changes (the code identity covers the indexing itself). */
const FORMAT = 'index-snapshot-1';

let identity: string | null | undefined;

/**
 * Names the indexing code: a SHA-256 over every built module of `@reviews/domain` (where
 * tokenising, folding, postings and orders live), the format and the Unicode version of this
 * Node (case folding and normalisation follow it). Any change to that code, even a comment, makes
 * earlier snapshots unusable, which is the safe side. Null when the domain package is not built.
 */
export function indexingIdentity(): string | null {
  if (identity !== undefined) return identity;
  try {
    const root = dirname(createRequire(import.meta.url).resolve('@reviews/domain'));
    const hash = createHash('sha256').update(`${FORMAT}\0${process.versions.unicode}\0`);
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((name) => name.endsWith('.js'))
      .sort();
    for (const name of files) hash.update(`${name}\0`).update(readFileSync(join(root, name)));
    identity = hash.digest('hex');
  } catch {
    identity = null;
  }
  return identity;
}

/**
 * The index snapshot store the configuration asks for (`INDEX_SNAPSHOTS`, under
 * `DATA_DIR/index-snapshots/`), or undefined when it is turned off or the indexing code cannot be
 * identified (then every start indexes, and it says so).
 */
export function indexSnapshotStore(
  config: ServerConfig,
  logger: Pick<Logger, 'info' | 'warn'>,
  writesAfter?: Promise<unknown>,
): FileIndexSnapshotStore | undefined {
  if (!config.indexSnapshots) return undefined;
  const code = indexingIdentity();
  if (code === null) {
    logger.warn(
      {},
      'cannot identify the indexing code (is @reviews/domain built?): index snapshots off',
    );
    return undefined;
  }
  return new FileIndexSnapshotStore(join(config.dataDir, 'index-snapshots'), {
    identity: code,
    logger,
    ...(writesAfter === undefined ? {} : { writesAfter }),
  });
}
