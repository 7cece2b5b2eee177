import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** Where a command's document goes; `write` resolves when the destination can take more. */
export interface TextOutput {
  write(chunk: string): Promise<void>;
  /** Flushes; for a file, moves the finished file into place. */
  close(): Promise<void>;
  /** Gives up; for a file, removes the unfinished one (the destination is left as it was). */
  abandon(): Promise<void>;
}

/**
 * Standard output (`file` undefined) or a file. A file is written under a temporary name beside
 * it and renamed into place only once complete, so a failed or interrupted run never leaves half a
 * document where a whole one is expected. Writes honour back-pressure.
 */
export function openTextOutput(
  file: string | undefined,
  stdout: NodeJS.WritableStream,
): TextOutput {
  if (file === undefined) {
    const stream = stdout as Writable;
    return {
      write: (chunk) => writeChunk(stream, chunk),
      close: async () => undefined,
      abandon: async () => undefined,
    };
  }
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`,
  );
  const stream = createWriteStream(temporary, { flags: 'wx' });
  let failure: Error | undefined;
  stream.on('error', (error) => {
    failure = error;
  });
  return {
    write: async (chunk) => {
      if (failure) throw failure;
      await writeChunk(stream, chunk);
    },
    close: async () => {
      if (failure) throw failure;
      stream.end();
      await once(stream, 'close');
      if (failure) throw failure;
      await rename(temporary, file);
    },
    abandon: async () => {
      stream.destroy();
      await rm(temporary, { force: true });
    },
  };
}

/** Writes with back-pressure: waits for `drain` when the buffer is full (rejects on `error`). */
async function writeChunk(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

const BATCH_CHARACTERS = 1 << 16;

/** Writes `chunks` to `output` gathered into pieces of about 64 KiB, to keep writes few. */
export async function writeBatched(output: TextOutput, chunks: Iterable<string>): Promise<void> {
  let pending = '';
  for (const chunk of chunks) {
    pending += chunk;
    if (pending.length >= BATCH_CHARACTERS) {
      await output.write(pending);
      pending = '';
    }
  }
  if (pending !== '') await output.write(pending);
}
