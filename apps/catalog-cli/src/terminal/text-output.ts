import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/**
 * Where a command's document goes. Write into `stream` with `pipeline` (it carries the
 * back-pressure), passing `{ end: ends }`; then `finish()`, or `abandon()` on failure.
 */
interface TextOutput {
  readonly stream: Writable;
  /** Whether the pipeline should end `stream` (a file) or leave it open (standard output). */
  readonly ends: boolean;
  /** For a file, moves the finished file into place. */
  finish(): Promise<void>;
  /** Gives up; for a file, removes the unfinished one (the destination is left as it was). */
  abandon(): Promise<void>;
}

/**
 * Standard output (`file` undefined) or a file. A file is written under a temporary name beside
 * it and renamed into place only once complete, so a failed or interrupted run never leaves half a
 * document where a whole one is expected.
 */
export function openTextOutput(
  file: string | undefined,
  stdout: NodeJS.WritableStream,
): TextOutput {
  if (file === undefined) {
    return {
      stream: stdout as Writable,
      ends: false,
      finish: async () => undefined,
      abandon: async () => undefined,
    };
  }
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`,
  );
  const stream = createWriteStream(temporary, { flags: 'wx' });
  return {
    stream,
    ends: true,
    finish: () => rename(temporary, file),
    abandon: async () => {
      stream.destroy();
      await rm(temporary, { force: true });
    },
  };
}

const BATCH_CHARACTERS = 1 << 16;

/** `chunks` gathered into pieces of about 64 KiB, to keep writes few. */
export function* batched(chunks: Iterable<string>): Generator<string> {
  let pending = '';
  for (const chunk of chunks) {
    pending += chunk;
    if (pending.length >= BATCH_CHARACTERS) {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
}
