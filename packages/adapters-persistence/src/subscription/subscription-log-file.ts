import { mkdir, open, readFile, rename, truncate } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { StoredSubscription } from '@reviews/application';
import { decodeLogLine, encodeLogLine } from './subscription-log-codec.js';

/** The damaged tail cut off a log: how many records (lines) and where their bytes were kept. */
interface Quarantine {
  readonly records: number;
  readonly bytes: number;
  readonly file: string;
}

/**
 * What replaying the log found: the highest version of each record, how many lines it read, how
 * many of them were stale (a version not above one read before for the same address), and the
 * damaged tail it cut off, if any.
 */
interface Replay {
  readonly records: Map<string, StoredSubscription>;
  readonly lines: number;
  readonly stale: number;
  readonly quarantine: Quarantine | null;
}

/**
 * Replays the log at `path` (absent = empty). A crash can leave only the last line torn
 * (appends are fsync'd one by one), so an invalid tail is cut off — after its bytes are kept in
 * `<log>.quarantine-<time>` beside the log, so nothing is destroyed unseen. An invalid line
 * followed by valid ones is corruption, and opening refuses rather than silently drop
 * acknowledged writes. Versions only grow (a write appends version n+1 of a record at version n,
 * as the MongoDB store inserts it), so a line whose version is not above the one already read for
 * its address is stale — an old record copied or restored onto the end — and is skipped: it must
 * not roll a record back.
 */
export async function replayLog(path: string, now: Date = new Date()): Promise<Replay> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const records = new Map<string, StoredSubscription>();
  let offset = 0;
  let goodBytes = 0;
  let lines = 0;
  let stale = 0;
  let badLine: number | null = null;
  let badLines = 0;
  // Only newline-terminated lines are complete; whatever follows the last newline is torn.
  const complete = text.split('\n').slice(0, -1);
  for (const [index, line] of complete.entries()) {
    offset += Buffer.byteLength(line, 'utf8') + 1;
    if (line === '') continue;
    const stored = decodeLogLine(line);
    if (stored === null) {
      badLine ??= index + 1;
      badLines += 1;
      continue;
    }
    if (badLine !== null) {
      throw new Error(
        `Subscription log ${path} is corrupt at line ${badLine}; restore it from a backup.`,
      );
    }
    const key = stored.subscription.addressKey;
    const current = records.get(key);
    if (current === undefined || stored.version > current.version) records.set(key, stored);
    else stale += 1;
    goodBytes = offset;
    lines += 1;
  }
  // A torn tail is either an invalid last line or bytes after the last newline.
  const raw = Buffer.from(text, 'utf8');
  if (raw.length <= goodBytes) return { records, lines, stale, quarantine: null };
  const torn = text.endsWith('\n') ? 0 : 1;
  const file = await keepInQuarantine(path, raw.subarray(goodBytes), now);
  await truncate(path, goodBytes);
  const quarantine = { records: badLines + torn, bytes: raw.length - goodBytes, file };
  return { records, lines, stale, quarantine };
}

/** Writes `bytes` durably to a new file beside the log; returns its name. */
async function keepInQuarantine(path: string, bytes: Buffer, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const target = `${path}.quarantine-${stamp}`;
  const handle = await open(target, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDirectory(dirname(path));
  return basename(target);
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
