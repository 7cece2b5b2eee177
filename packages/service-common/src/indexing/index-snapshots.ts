import { DUPLICATE_ID_RULE_MODULE, FileIndexSnapshotStore } from '@reviews/adapters-persistence';
import type { Logger } from '@reviews/application';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { ServerConfig } from '../config/server-config.js';

/** Bump when the snapshot file layout changes (the code identity covers the indexing itself). */
const FORMAT = 'index-snapshot-1';

let identity: string | null | undefined;

/**
 * Names the indexing code: a SHA-256 over every built module of `@reviews/domain` (where
 * tokenising, folding, postings and orders live), the format and the Unicode version of this
 * Node (case folding and normalisation follow it). Any change to that code, even a comment, makes
 * earlier snapshots unusable, which is the safe side. Null when the domain package is not built.
 * It covers the repeated-id rule's module too: a snapshot's existence lets a restart skip that
 * check (`FileCatalogSourceOptions.publishedBefore`), right only under the rule that published it.
 */
export function indexingIdentity(): string | null {
  if (identity !== undefined) return identity;
  try {
    const root = dirname(createRequire(import.meta.url).resolve('@reviews/domain'));
    identity = codeIdentity(root, [DUPLICATE_ID_RULE_MODULE]);
  } catch {
    identity = null;
  }
  return identity;
}

/**
 * The SHA-256 of the format, the Unicode version, every `.js` module under `root` (names and
 * bytes) and the `files` after them. Throws when one cannot be read.
 */
export function codeIdentity(root: string, files: readonly string[]): string {
  const hash = createHash('sha256').update(`${FORMAT}\0${process.versions.unicode}\0`);
  const modules = (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.js'))
    .sort();
  for (const name of modules) hash.update(`${name}\0`).update(readFileSync(join(root, name)));
  for (const file of files) hash.update(`${basename(file)}\0`).update(readFileSync(file));
  return hash.digest('hex');
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
