import type { SearchIndexSnapshot } from '@reviews/domain';
import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * The file format of a saved search index (one file per catalog fingerprint):
 *
 * - 8 bytes magic (`MAGIC`, which names the format version), 4 bytes the header's length (uint32
 *   LE), 4 bytes zero;
 * - the header: JSON (`SnapshotHeader`), padded with spaces to a multiple of 8 bytes;
 * - the arrays: every typed array of the index in `ARRAY_KINDS` order, then each shortcut's
 *   entries, each starting at a multiple of 8 bytes (so it can be viewed in place);
 * - the terms: UTF-8, separated by `\n` (no term holds one: terms are tokens of folded text).
 *
 * `crc32` (hex) covers the arrays and the terms. Reading takes three `read`s: header, arrays
 * (into one buffer the typed arrays then view without copying), terms.
 */
/** Version 2: postings and shortcuts as one array of entries each (tool and field packed). */
const MAGIC = Buffer.from('RVIDX002', 'latin1');
const PREFIX_BYTES = 16;
/** Header space kept free for the numbers only known once the terms are written. */
const HEADER_SLACK = 64;
const TERMS_PER_CHUNK = 32_768;

/** Every array is of 32-bit elements. */
type ArrayKind = 'u32' | 'i32';
/** offsets, postings, keywordRank, keywordOrder, browseOrder, categoryOf. */
const ARRAY_KINDS: readonly ArrayKind[] = ['u32', 'u32', 'u32', 'u32', 'u32', 'i32'];
const SHORTCUT_KINDS: readonly ArrayKind[] = ['u32'];

interface SnapshotHeader {
  /** Which indexing code wrote it: only the very same may use it. */
  readonly identity: string;
  readonly fingerprint: string;
  readonly toolCount: number;
  readonly termCount: number;
  readonly shortcutPrefixes: readonly string[];
  readonly categoryNames: readonly string[];
  /** Element count of every array, in file order. */
  readonly lengths: readonly number[];
  readonly arraysBytes: number;
  readonly termsBytes: number;
  readonly crc32: string;
}

/** Why a file could not be used: `corrupt` is damage, `foreign` a file of other code or content. */
export class UnusableSnapshotError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'foreign',
    message: string,
  ) {
    super(message);
    this.name = 'UnusableSnapshotError';
  }
}

function arraysOf(index: SearchIndexSnapshot): ArrayBufferView[] {
  return [
    index.offsets,
    index.postings,
    index.keywordRank,
    index.keywordOrder,
    index.browseOrder,
    index.categoryOf,
    ...index.shortcuts.map((merged) => merged.entries),
  ];
}

const padTo8 = (n: number): number => (n + 7) & ~7;
const ZEROS = Buffer.alloc(8);

function bytesOf(view: ArrayBufferView): Buffer {
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

function headerBytes(header: SnapshotHeader, size?: number): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = size ?? padTo8(json.length + HEADER_SLACK);
  if (json.length > length) throw new Error('index snapshot header outgrew its space');
  const bytes = Buffer.alloc(length, 0x20);
  json.copy(bytes);
  return bytes;
}

/**
 * Writes `index` to `file` (empty, opened for writing) in the format above. Streams: the typed
 * arrays are written from their own memory and the terms in chunks, so no second copy of the
 * index is ever held. Returns the bytes written.
 */
export async function writeSnapshot(
  file: FileHandle,
  identity: string,
  fingerprint: string,
  index: SearchIndexSnapshot,
): Promise<number> {
  const arrays = arraysOf(index);
  const draft: SnapshotHeader = {
    identity,
    fingerprint,
    toolCount: index.keywordRank.length,
    termCount: index.terms.length,
    shortcutPrefixes: index.shortcutPrefixes,
    categoryNames: index.categoryNames,
    lengths: arrays.map((array) => array.byteLength / bytesPerElement(array)),
    arraysBytes: arrays.reduce((sum, array) => sum + padTo8(array.byteLength), 0),
    termsBytes: 0,
    crc32: '00000000',
  };
  const headerSize = headerBytes(draft).length;
  let position = PREFIX_BYTES + headerSize;
  let crc = 0;
  const put = async (bytes: Buffer): Promise<void> => {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position + done);
      done += bytesWritten;
    }
    position += bytes.length;
    crc = crcOf(bytes, crc);
  };
  for (const array of arrays) {
    await put(bytesOf(array));
    const padding = padTo8(array.byteLength) - array.byteLength;
    if (padding > 0) await put(ZEROS.subarray(0, padding));
  }
  const termsStart = position;
  const { terms } = index;
  for (let i = 0; i < terms.length; i += TERMS_PER_CHUNK) {
    const chunk = terms.slice(i, i + TERMS_PER_CHUNK);
    for (const term of chunk) if (term.includes('\n')) throw new Error('a term holds a line break');
    await put(Buffer.from((i === 0 ? '' : '\n') + chunk.join('\n'), 'utf8'));
  }
  const header: SnapshotHeader = {
    ...draft,
    termsBytes: position - termsStart,
    crc32: (crc >>> 0).toString(16).padStart(8, '0'),
  };
  const prefix = Buffer.alloc(PREFIX_BYTES);
  MAGIC.copy(prefix);
  prefix.writeUInt32LE(headerSize, 8);
  await file.write(Buffer.concat([prefix, headerBytes(header, headerSize)]), 0, undefined, 0);
  return position;
}

/** `crc32` continued over `bytes`; Node 20's answers 0 for bytes over an empty ArrayBuffer. */
function crcOf(bytes: Buffer, crc: number): number {
  return bytes.length === 0 ? crc : crc32(bytes, crc);
}

function bytesPerElement(view: ArrayBufferView): number {
  return (view as Uint8Array).BYTES_PER_ELEMENT;
}

async function readExactly(file: FileHandle, length: number, position: number): Promise<Buffer> {
  // Its own ArrayBuffer, starting at 0: typed arrays can view it at any multiple of 8.
  const bytes = Buffer.allocUnsafeSlow(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(bytes, done, length - done, position + done);
    if (bytesRead === 0) throw new UnusableSnapshotError('corrupt', 'the file is truncated');
    done += bytesRead;
  }
  return bytes;
}

/** A snapshot read and checked except for its number of tools (see `readSnapshotParts`). */
export interface SnapshotParts {
  readonly header: SnapshotHeader;
  readonly arrayBytes: Uint8Array;
  readonly termBytes: Uint8Array;
}

/** Which snapshot a reader wants: of this code and content, and of this many tools when known. */
interface SnapshotExpectation {
  readonly identity: string;
  readonly fingerprint: string;
  readonly toolCount?: number;
}

/**
 * Reads the snapshot in `file` (of `size` bytes), which must have been written by `identity`
 * for `fingerprint` over `toolCount` tools. Throws `UnusableSnapshotError` otherwise, or when
 * anything about it is damaged: sizes, checksum, terms.
 */
export async function readSnapshot(
  file: FileHandle,
  size: number,
  expected: SnapshotExpectation & { readonly toolCount: number },
): Promise<SearchIndexSnapshot> {
  return snapshotOf(await readSnapshotParts(file, size, expected), expected.toolCount);
}

/**
 * The first part of `readSnapshot`: reads the file and checks its header and its checksum, and
 * its number of tools only when `expected` gives one. Its buffers are its own (each its whole
 * `ArrayBuffer`), so they can be transferred to another thread. `snapshotOf` finishes the job.
 */
export async function readSnapshotParts(
  file: FileHandle,
  size: number,
  expected: SnapshotExpectation,
): Promise<SnapshotParts> {
  if (size < PREFIX_BYTES) throw new UnusableSnapshotError('corrupt', 'the file is truncated');
  const prefix = await readExactly(file, PREFIX_BYTES, 0);
  if (!prefix.subarray(0, 8).equals(MAGIC)) {
    throw prefix.subarray(0, 5).equals(MAGIC.subarray(0, 5))
      ? new UnusableSnapshotError(
          'foreign',
          `another format version (${prefix.toString('latin1', 0, 8)})`,
        )
      : new UnusableSnapshotError('corrupt', 'not an index snapshot (wrong magic)');
  }
  const headerSize = prefix.readUInt32LE(8);
  if (headerSize > size - PREFIX_BYTES)
    throw new UnusableSnapshotError('corrupt', 'the file is truncated');
  let header: SnapshotHeader;
  try {
    header = JSON.parse(
      (await readExactly(file, headerSize, PREFIX_BYTES)).toString('utf8'),
    ) as SnapshotHeader;
  } catch (error) {
    if (error instanceof UnusableSnapshotError) throw error;
    throw new UnusableSnapshotError('corrupt', 'the header is not JSON');
  }
  checkHeader(header, expected);
  const bodyStart = PREFIX_BYTES + headerSize;
  if (size !== bodyStart + header.arraysBytes + header.termsBytes) {
    throw new UnusableSnapshotError(
      'corrupt',
      `the file holds ${size} bytes, its header describes ${bodyStart + header.arraysBytes + header.termsBytes}`,
    );
  }
  const arrayBytes = await readExactly(file, header.arraysBytes, bodyStart);
  const termBytes = await readExactly(file, header.termsBytes, bodyStart + header.arraysBytes);
  const crc = (crcOf(termBytes, crcOf(arrayBytes, 0)) >>> 0).toString(16).padStart(8, '0');
  if (crc !== header.crc32)
    throw new UnusableSnapshotError('corrupt', `checksum ${crc} differs from ${header.crc32}`);
  return { header, arrayBytes, termBytes };
}

/**
 * The index of parts read by `readSnapshotParts` (possibly on another thread: only their bytes
 * are used), for an index of `toolCount` tools. Throws `UnusableSnapshotError` as `readSnapshot`.
 */
export function snapshotOf(parts: SnapshotParts, toolCount: number): SearchIndexSnapshot {
  checkHeader(parts.header, { ...parts.header, toolCount });
  const bytes = (view: Uint8Array): Buffer =>
    Buffer.from(view.buffer, view.byteOffset, view.byteLength);
  return assemble(parts.header, bytes(parts.arrayBytes), bytes(parts.termBytes));
}

function checkHeader(header: SnapshotHeader, expected: SnapshotExpectation): void {
  if (typeof header !== 'object' || header === null || typeof header.identity !== 'string')
    throw new UnusableSnapshotError('corrupt', 'the header is not an index snapshot header');
  if (header.identity !== expected.identity)
    throw new UnusableSnapshotError('foreign', 'written by other indexing code');
  if (header.fingerprint !== expected.fingerprint)
    throw new UnusableSnapshotError('foreign', `made for catalog ${String(header.fingerprint)}`);
  const shortcuts = Array.isArray(header.shortcutPrefixes) ? header.shortcutPrefixes.length : -1;
  const counts = [header.toolCount, header.termCount, header.arraysBytes, header.termsBytes];
  if (
    (expected.toolCount !== undefined && header.toolCount !== expected.toolCount) ||
    !counts.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    !Array.isArray(header.categoryNames) ||
    !Array.isArray(header.lengths) ||
    shortcuts < 0 ||
    header.lengths.length !== ARRAY_KINDS.length + SHORTCUT_KINDS.length * shortcuts ||
    !header.lengths.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    typeof header.crc32 !== 'string'
  ) {
    throw new UnusableSnapshotError(
      'corrupt',
      'the header does not describe an index of these tools',
    );
  }
}

function assemble(
  header: SnapshotHeader,
  arrayBytes: Buffer,
  termBytes: Buffer,
): SearchIndexSnapshot {
  const buffer = arrayBytes.buffer;
  let offset = arrayBytes.byteOffset;
  const kinds = [...ARRAY_KINDS, ...header.shortcutPrefixes.flatMap(() => SHORTCUT_KINDS)];
  const views = kinds.map((kind, i) => {
    const length = header.lengths[i] as number;
    if (offset - arrayBytes.byteOffset + length * 4 > arrayBytes.length)
      throw new UnusableSnapshotError('corrupt', 'the arrays overrun their section');
    const view =
      kind === 'u32'
        ? new Uint32Array(buffer, offset, length)
        : new Int32Array(buffer, offset, length);
    offset += padTo8(length * 4);
    return view;
  });
  const terms = header.termCount === 0 ? [] : termBytes.toString('utf8').split('\n');
  const [offsets, postings, keywordRank, keywordOrder, browseOrder, categoryOf] = views as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Int32Array,
  ];
  const shortcuts = header.shortcutPrefixes.map((_, i) => ({
    entries: views[ARRAY_KINDS.length + i] as Uint32Array,
  }));
  const tools = header.toolCount;
  if (
    terms.length !== header.termCount ||
    offsets.length !== terms.length + 1 ||
    offsets[terms.length] !== postings.length ||
    keywordRank.length !== tools ||
    keywordOrder.length !== tools ||
    browseOrder.length !== tools ||
    categoryOf.length !== tools
  ) {
    throw new UnusableSnapshotError('corrupt', 'its parts do not fit together');
  }
  return {
    terms,
    offsets,
    postings,
    shortcutPrefixes: header.shortcutPrefixes,
    shortcuts,
    keywordRank,
    keywordOrder,
    browseOrder,
    categoryNames: header.categoryNames,
    categoryOf,
  };
}
