import { mkdir, open, readFile, rename, truncate } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StoredSubscription } from '@reviews/application';
import { decodeLogLine, encodeLogLine } from './subscription-log-codec.js';

/** What replaying the log found: the latest record per address and how many lines it read. */
export interface Replay {
  readonly records: Map<string, StoredSubscription>;
  readonly lines: number;
}

/**
 * Replays the log at `path` (absent = empty). A crash can leave only the last line torn
 * (appends are fsync'd one by one), so an invalid tail is cut off; an invalid line followed by
 * valid ones is corruption, and opening refuses rather than silently drop acknowledged writes.
 */
export async function replayLog(path: string): Promise<Replay> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const records = new Map<string, StoredSubscription>();
  let offset = 0;
  let goodBytes = 0;
  let lines = 0;
  let badLine: number | null = null;
  // Only newline-terminated lines are complete; whatever follows the last newline is torn.
  const complete = text.split('\n').slice(0, -1);
  for (const [index, line] of complete.entries()) {
    offset += Buffer.byteLength(line, 'utf8') + 1;
    if (line === '') continue;
    const stored = decodeLogLine(line);
    if (stored === null) {
      badLine ??= index + 1;
      continue;
    }
    if (badLine !== null) {
      throw new Error(
        `Subscription log ${path} is corrupt at line ${badLine}; restore it from a backup.`,
      );
    }
    records.set(stored.subscription.addressKey, stored);
    goodBytes = offset;
    lines += 1;
  }
  // A torn tail is either an invalid last line or bytes after the last newline.
  if (Buffer.byteLength(text, 'utf8') > goodBytes) await truncate(path, goodBytes);
  return { records, lines };
}

/** Opens the log for appending, creating it (and making its directory entry durable). */
export async function openLogForAppend(path: string): Promise<FileHandle> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, 'a');
  await syncDirectory(dirname(path));
  return handle;
}

/**
 * Rewrites the log with one line per record (temp file, fsync, rename, fsync of the directory),
 * so that a crash at any point leaves either the old or the new log, both complete.
 */
export async function compactLog(
  path: string,
  records: Iterable<StoredSubscription>,
): Promise<void> {
  const temp = `${path}.compacting`;
  const handle = await open(temp, 'w');
  try {
    const lines = [...records].map((stored) => `${encodeLogLine(stored)}\n`);
    await handle.writeFile(lines.join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await syncDirectory(dirname(path));
}

async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
