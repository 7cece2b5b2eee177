import type { LoadedCatalog, ToolObserver } from '@reviews/application';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { ProgressReporter } from '../terminal/progress-reporter.js';
import { CommandFailure } from '../cli-command.js';
import { readCatalogFile } from './catalog-file.js';

/**
 * Installs `source` as the embedded catalog file `target` (the server's `CATALOG_FILE`): the
 * bytes are copied beside the target under a temporary name and flushed to disk, that copy is
 * validated (so what is checked is exactly what gets installed), and only then renamed over the
 * target. A rename within a directory is atomic: the server, reading the file on SIGHUP or at
 * start, sees the old catalog or the new one, never a mix. An invalid source leaves the target
 * untouched. `observer`: told of each tool as the copy is validated (see `ToolObserver`).
 */
export async function installCatalogFile(
  source: string,
  target: string,
  shownAs: string,
  progress: ProgressReporter,
  observer?: ToolObserver,
): Promise<LoadedCatalog> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.importing`,
  );
  try {
    await copyWithProgress(source, temporary, progress);
    const loaded = await readCatalogFile(temporary, shownAs, observer);
    await rename(temporary, target);
    await syncDirectory(path.dirname(target));
    return loaded;
  } finally {
    await rm(temporary, { force: true });
  }
}

async function copyWithProgress(
  source: string,
  target: string,
  progress: ProgressReporter,
): Promise<void> {
  const total = await stat(source).then(
    (stats) => stats.size,
    (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'ENOENT' ? 'the file does not exist' : error.message;
      throw new CommandFailure(`Cannot read the catalog file ${source}: ${reason}`);
    },
  );
  let done = 0;
  progress.update(0, total);
  await pipeline(
    createReadStream(source),
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        done += chunk.length;
        progress.update(done, total);
        callback(null, chunk);
      },
    }),
    createWriteStream(target, { flags: 'wx' }),
  );
  progress.finish();
  const handle = await open(target, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes the rename itself durable (where the platform allows fsync on a directory). */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r').catch(() => undefined);
  if (handle === undefined) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}
