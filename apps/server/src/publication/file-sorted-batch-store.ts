import type { SortedBatchStore } from '@reviews/domain';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Keeps a `PostingsCollector`'s sorted batches in a temporary file instead of the heap: each
 * batch is written as it is sorted, and `finish` reads its runs back straight into the final
 * postings, so that the two (195 MB each at 100k tools) are never both in memory. The file's
 * pages stay in the page cache, which the kernel can drop, rather than in the process. A reload's
 * worker uses it: there the live publication already holds most of the memory the service may
 * use. The file is made in a fresh directory under `directory` (the system's temporary directory
 * by default) and unlinked at once, with its directory: only the open descriptor reaches it, so
 * its space goes back when `clear()` closes it or the process ends, however it ends. Reads and
 * writes are synchronous, as the collector is.
 */
export class FileSortedBatchStore implements SortedBatchStore {
  private readonly fd: number;
  /** Byte position of each batch in the file. */
  private readonly positions: number[] = [];
  private end = 0;
  private closed = false;
  /** Where every batch is sorted before it is written: one array, not one per batch. */
  private scratch = new Uint32Array(0);

  constructor(directory = tmpdir()) {
    const made = mkdtempSync(join(directory, 'reviews-postings-'));
    try {
      this.fd = openSync(join(made, 'batches'), 'w+');
    } finally {
      rmSync(made, { recursive: true, force: true });
    }
  }

  allocate(length: number): Uint32Array {
    if (this.scratch.length < length) this.scratch = new Uint32Array(length);
    return this.scratch.subarray(0, length);
  }

  keep(entries: Uint32Array): void {
    this.positions.push(this.end);
    const bytes = new Uint8Array(entries.buffer, entries.byteOffset, entries.byteLength);
    for (let written = 0; written < bytes.length;)
      written += writeSync(this.fd, bytes, written, bytes.length - written, this.end + written);
    this.end += bytes.length;
  }

  copy(batch: number, from: number, to: number, into: Uint32Array, at: number): void {
    const position = (this.positions[batch] as number) + from * 4;
    const length = (to - from) * 4;
    const target = new Uint8Array(into.buffer, into.byteOffset + at * 4, length);
    for (let read = 0; read < length;) {
      const got = readSync(this.fd, target, read, length - read, position + read);
      if (got === 0) throw new Error('The sorted postings file ended early.');
      read += got;
    }
  }

  /** Closes the file, which frees its space (it has no name left). Safe to call again. */
  clear(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    this.scratch = new Uint32Array(0);
  }
}
