import type { Tool } from '../catalog/tool.js';
import { GrowableArray } from './growable-array.js';
import { ENTRY_VALUE_BITS, MAX_ENTRY_TOOLS } from './posting-entry.js';
import { compareUnits, TermDictionary } from './term-dictionary.js';
import { asciiToken, isWord } from './ascii-token-scanner.js';
import { asciiOf, TermTable } from './term-table.js';
import { foldText } from './text-folding.js';
import { forEachTermOfToken, scanTokens } from './tokenizer.js';

/** Searched fields, best first (docs/api.md#search-rules-in-short). */
export const NAME_FIELD = 0;
export const METADATA_FIELD = 1;
export const REVIEW_FIELD = 2;

/**
 * An inverted index in compressed-row form: the postings of the term at dictionary position `p`
 * are `entries[offsets[p]]` to `entries[offsets[p + 1] - 1]`, ascending by tool, each the tool
 * and the best field in which that term occurs in that tool (see `posting-entry.ts`).
 */
export interface Postings {
  readonly dictionary: TermDictionary;
  readonly offsets: Uint32Array;
  readonly entries: Uint32Array;
}

const ENCODER = new TextEncoder();

/**
 * Collects (term, tool, best field) once per term and tool, tools in ordinal order: the
 * postings of a catalog built tool by tool, as its tools arrive (`buildPostings` for tools in
 * memory; a thread that receives only the searched texts, as bytes, while the catalog is still
 * being read). Call `startTool`, then give the tool's texts best field first (see
 * {@link forEachSearchedText}), for each tool in turn; then `finish`.
 */
export class PostingsCollector {
  private readonly ids = new TermTable();
  /** Per term id: 1 + the ordinal of the last tool it was collected for (0: none yet). */
  private lastTool = new Uint32Array(1 << 12);
  /**
   * Per (term, tool) pair of the tools since `batchFirstTool`, in tool order: the term id
   * shifted left by 2, OR the field (0–2).
   */
  private readonly pairs = new GrowableArray((n) => new Uint32Array(n));
  /** Index in `pairs` of the first pair of each tool since `batchFirstTool`. */
  private readonly toolStarts = new GrowableArray((n) => new Uint32Array(n));
  /** The first tool whose pairs are in `pairs`; those of the tools before are in `batches`. */
  private batchFirstTool = 0;
  /**
   * The pairs of earlier tools, sorted by term a batch at a time (see `sortBatch`): where each
   * batch's runs end, its entries in `store` under the same index.
   */
  private readonly batches: SortedBatch[] = [];
  private readonly store: SortedBatchStore;
  private readonly batchPairs: number;
  private tool = -1;
  private field = NAME_FIELD;
  private readonly addTerm = (term: string): void => this.addId(this.ids.idOf(term));
  private readonly addToken = (token: string): void => forEachTermOfToken(token, this.addTerm);
  /** Where `addText` encodes a text: room for the longest text so far, 3 bytes a unit. */
  private ownBytes = new Uint8Array(1 << 16);
  /**
   * `batchPairs`: pairs sorted by term at a time, as tools arrive (by default about 4 million,
   * 16 MB): sorting them in batches that fit a cache while the texts still arrive leaves
   * `finish` to concatenate runs, instead of scattering tens of millions of pairs over a fresh
   * array when the last text is in (seconds at 100k tools, mostly the first touch of each
   * page, and all of it between the end of the read and ready). `store`: where the sorted
   * batches wait for `finish` (in memory by default; see `SortedBatchStore`).
   */
  constructor(options: { readonly batchPairs?: number; readonly store?: SortedBatchStore } = {}) {
    this.batchPairs = Math.max(1, options.batchPairs ?? BATCH_PAIRS);
    this.store = options.store ?? new MemorySortedBatchStore();
  }

  /** Tools started so far. */
  get toolCount(): number {
    return this.tool + 1;
  }

  /** Starts the next tool; its texts must then be added best field first. */
  startTool(): void {
    if (this.pairs.length >= this.batchPairs) this.sortBatch();
    if (this.tool + 1 >= MAX_TOOLS)
      throw new Error(`More than ${MAX_TOOLS} tools cannot be indexed.`);
    this.tool++;
    this.toolStarts.push(this.pairs.length);
  }

  /**
   * Sorts the pairs of the tools since `batchFirstTool` by term id (stably, so tools stay in
   * order within a term) into a batch of its own, and lets them go.
   */
  private sortBatch(): void {
    const { pairs, toolStarts } = this;
    const termCount = this.ids.size;
    const ends = new Uint32Array(termCount);
    for (const chunk of pairs.chunks())
      for (let k = 0; k < chunk.length; k++) {
        const id = (chunk[k] as number) >>> FIELD_BITS;
        ends[id] = (ends[id] as number) + 1;
      }
    const next = new Uint32Array(termCount);
    let sum = 0;
    for (let id = 0; id < termCount; id++) {
      next[id] = sum;
      sum += ends[id] as number;
      ends[id] = sum;
    }
    const entries = this.store.allocate(pairs.length);
    const tools = toolStarts.length;
    let local = 0;
    let localEnd = tools > 1 ? toolStarts.at(1) : pairs.length;
    let pair = 0;
    for (const chunk of pairs.chunks())
      for (let k = 0; k < chunk.length; k++, pair++) {
        while (pair >= localEnd) {
          local++;
          localEnd = local + 1 < tools ? toolStarts.at(local + 1) : pairs.length;
        }
        const packed = chunk[k] as number;
        const id = packed >>> FIELD_BITS;
        const slot = next[id] as number;
        next[id] = slot + 1;
        entries[slot] =
          (((this.batchFirstTool + local) << FIELD_BITS) | (packed & FIELD_MASK)) >>> 0;
      }
    this.store.keep(entries);
    this.batches.push({ ends });
    this.batchFirstTool += tools;
    pairs.clear();
    toolStarts.clear();
  }

  /** Adds a text of the current tool, searched as `field`. */
  addText(field: number, text: string): void {
    // A UTF-16 unit takes at most 3 bytes of UTF-8, so the whole text always fits.
    if (text.length * 3 > this.ownBytes.length)
      this.ownBytes = new Uint8Array(2 ** Math.ceil(Math.log2(text.length * 3)));
    // Each ASCII character is one byte, any other unit more: as many bytes as units is ASCII.
    const { written } = ENCODER.encodeInto(text, this.ownBytes);
    if (written === text.length) this.addAsciiBytes(field, this.ownBytes, 0, written);
    else {
      this.field = field;
      scanTokens(foldText(text), this.addToken);
    }
  }

  /**
   * `addText` for an ASCII text given as its bytes, `[from, to)` of `bytes` (one byte per
   * character). Folding ASCII is lower-casing, which the scan and the term table do as they
   * read: no lower-cased copy of the text (a gigabyte in all for a large catalog), and plain
   * words are looked up without a string of their own. Bytes read faster than a string. Nothing
   * outside `[from, to)` is read: past either end counts as a byte no token holds, whatever the
   * buffer holds there.
   */
  addAsciiBytes(field: number, bytes: Uint8Array, from: number, to: number): void {
    // The twin of `scanAsciiRanges` over bytes, each token handled where it is found: with the
    // scan in a function of its own (calling back per token, or filling a buffer of ids, or as a
    // cursor), the collection was 10-18 % slower (see docs/performance.md).
    this.field = field;
    const { ids } = this;
    let i = from;
    while (i < to) {
      const code = bytes[i] as number;
      const leadingDot =
        code === DOT && isWordAt(bytes, to, i + 1) && (i === from || !isWordAt(bytes, to, i - 1));
      if (!leadingDot && WORD_BYTE[code] !== 1) {
        i++;
        continue;
      }
      const start = i;
      let shape = leadingDot ? COMPOUND : PLAIN;
      if (leadingDot) i++;
      // The term-table hash of the lower-case spelling, taken as the bytes go by (meaningful for
      // a plain token only), so that each byte is read once before the lookup compares it.
      let hash = EMPTY_TERM_HASH;
      // The byte after the token so far; each word starts with a letter or digit at `i`.
      let next = bytes[i] as number;
      for (;;) {
        do {
          hash = addToTermHash(hash, next | LOWER_CASE_BIT);
          next = byteAt(bytes, to, ++i);
        } while (WORD_BYTE[next] === 1);
        if (
          (next === APOSTROPHE || next === DOT || next === UNDERSCORE) &&
          isWordAt(bytes, to, i + 1)
        ) {
          if (next === APOSTROPHE) shape = WITH_APOSTROPHES;
          else if (shape === PLAIN) shape = COMPOUND;
          next = byteAt(bytes, to, ++i);
          continue;
        }
        break;
      }
      const suffix =
        next === PLUS && byteAt(bytes, to, i + 1) === PLUS && !isWordAt(bytes, to, i + 2)
          ? 2
          : next === HASH && !isWordAt(bytes, to, i + 1)
            ? 1
            : 0;
      if (suffix > 0 && shape === PLAIN) shape = COMPOUND;
      i += suffix;
      if (shape === PLAIN) this.addId(ids.idOfAsciiBytes(bytes, start, i, hash));
      else this.addAsciiToken(bytes, start, i, shape);
    }
  }

  /** The terms of a token of bytes `[start, end)` that is not plain (see `asciiToken`). */
  private addAsciiToken(bytes: Uint8Array, start: number, end: number, shape: number): void {
    this.addToken(asciiToken(asciiOf(bytes, start, end), 0, end - start, shape).toLowerCase());
  }

  private addId(id: number): void {
    let { lastTool } = this;
    if (id >= lastTool.length) {
      lastTool = new Uint32Array(Math.max(lastTool.length * 2, id + 1));
      lastTool.set(this.lastTool);
      this.lastTool = lastTool;
    }
    // Fields arrive best first, so the first occurrence in a tool carries its best field.
    if (lastTool[id] === this.tool + 1) return;
    lastTool[id] = this.tool + 1;
    this.pairs.push((id << FIELD_BITS) | this.field);
  }

  /**
   * The postings of every tool given. Once only: the pairs collected are let go on the way, so
   * that what comes after (prefix shortcuts) does not find them still in memory.
   */
  finish(): Postings {
    const { ids, batches } = this;
    if (ids.size > MAX_TERMS) throw new Error(`More than ${MAX_TERMS} terms cannot be indexed.`);
    if (this.toolStarts.length > 0) this.sortBatch();
    const byId = ids.all();
    const order = Array.from(byId, (_, id) => id).sort((a, b) =>
      compareUnits(byId[a] as string, byId[b] as string),
    );
    const terms = order.map((id) => byId[id] as string);

    const offsets = new Uint32Array(terms.length + 1);
    order.forEach((id, position) => {
      let count = 0;
      for (const { ends } of batches)
        if (id < ends.length)
          count += (ends[id] as number) - (id === 0 ? 0 : (ends[id - 1] as number));
      offsets[position + 1] = (offsets[position] as number) + count;
    });
    const total = offsets[terms.length] as number;
    // Each term's run of each batch, batches in tool order: the term's tools in ascending order.
    // A batch entry is already a posting entry (the field bits are the same): copied as it is.
    const postings = new Uint32Array(total);
    let slot = 0;
    for (const id of order)
      batches.forEach(({ ends }, batch) => {
        if (id >= ends.length) return;
        const start = id === 0 ? 0 : (ends[id - 1] as number);
        const end = ends[id] as number;
        if (end > start) this.store.copy(batch, start, end, postings, slot);
        slot += end - start;
      });
    batches.length = 0;
    this.store.clear();
    this.lastTool = new Uint32Array(0);
    return { dictionary: new TermDictionary(terms), offsets, entries: postings };
  }
}

/**
 * Pairs of consecutive tools grouped by term id: the batch's entries (kept in the collector's
 * `SortedBatchStore`) hold, per term id in ascending order, the posting entry (tool and field,
 * see `posting-entry.ts`) of each of its pairs, tools ascending; the run of term `id` ends at
 * `ends[id]` and starts where the one before ends (or at 0). Terms first seen after the batch was
 * sorted are beyond `ends`: they have no run in it.
 */
interface SortedBatch {
  readonly ends: Uint32Array;
}

/**
 * Where a `PostingsCollector` keeps its sorted batches of entries until `finish` places them.
 * At 100k tools they are 4 bytes a posting, 195 MB by the end of the read, and `finish` needs
 * them while it fills the final postings of the same size: a store outside the heap (a file, in
 * a reload's worker, next to a live publication) keeps that peak down. Batches are numbered
 * from 0 in the order kept.
 */
export interface SortedBatchStore {
  /**
   * An array of `length` entries to sort the next batch into, then given to `keep`: a fresh one
   * for a store that keeps the arrays, the same one each time for a store that copies them out.
   */
  allocate(length: number): Uint32Array;
  /** Keeps the entries of the next batch (the array `allocate` gave); the collector lets go of it. */
  keep(entries: Uint32Array): void;
  /** Copies entries `[from, to)` of batch `batch` into `into`, from index `at` on. */
  copy(batch: number, from: number, to: number, into: Uint32Array, at: number): void;
  /** Lets go of every batch (the collector has finished with them). */
  clear(): void;
}

/** The default store: the batches stay in memory. */
class MemorySortedBatchStore implements SortedBatchStore {
  private batches: Uint32Array[] = [];

  allocate(length: number): Uint32Array {
    return new Uint32Array(length);
  }

  keep(entries: Uint32Array): void {
    this.batches.push(entries);
  }

  copy(batch: number, from: number, to: number, into: Uint32Array, at: number): void {
    into.set((this.batches[batch] as Uint32Array).subarray(from, to), at);
  }

  clear(): void {
    this.batches = [];
  }
}

/** Pairs sorted by term at a time (64 blocks of `GrowableArray`, 16 MB). */
const BATCH_PAIRS = 1 << 22;

/**
 * Bits of a packed pair that hold the field; the term id is in the others. As many as a posting
 * entry's value (so a sorted batch's entries are posting entries), but a constant of this module:
 * an imported binding is read through its module cell, and this one is used for every token.
 */
const FIELD_BITS = ENTRY_VALUE_BITS;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Term ids a packed pair can hold. */
const MAX_TERMS = 2 ** (32 - FIELD_BITS);
/** Tool ordinals a sorted batch entry can hold. */
const MAX_TOOLS = MAX_ENTRY_TOOLS;

/*
 * The byte scan's codes and shapes (those of `ascii-token-scanner.ts`) and the term table's hash
 * step (`addToTermHash`), defined again here rather than imported: an imported binding is read
 * through its module cell wherever it is used, and `addAsciiBytes` runs for every byte of a
 * catalog's searched texts; imported, they made the collection measurably slower
 * (docs/performance.md). The collector's property tests fail if either drifts from its original:
 * a plain word would be filed apart from the same word met in a text that is not ASCII.
 */
const DOT = 0x2e;
const UNDERSCORE = 0x5f;
const APOSTROPHE = 0x27;
const PLUS = 0x2b;
const HASH = 0x23;
const PLAIN = 0;
const COMPOUND = 1;
const WITH_APOSTROPHES = 2;
const EMPTY_TERM_HASH = 0x811c9dc5 | 0;
const LOWER_CASE_BIT = 0x20;
const addToTermHash = (hash: number, code: number): number => Math.imul(hash ^ code, 0x01000193);

/** 1 for the bytes of ASCII letters and digits, 0 for every other byte. */
const WORD_BYTE = new Uint8Array(256);
for (let code = 0; code < 0x80; code++) WORD_BYTE[code] = isWord(code) ? 1 : 0;

/** The byte at `i`, or NUL (which no token holds) at or past `to`. */
const byteAt = (bytes: Uint8Array, to: number, i: number): number =>
  i < to ? (bytes[i] as number) : 0;
const isWordAt = (bytes: Uint8Array, to: number, i: number): boolean =>
  i < to && WORD_BYTE[bytes[i] as number] === 1;

/**
 * Calls `visit` with every searched text of `tool` and its field, best field first: the name
 * (field 0); description, category and stack tag labels (field 1); the likes and dislikes of
 * every review (field 2).
 */
export function forEachSearchedText(
  tool: Tool,
  visit: (field: number, text: string) => void,
): void {
  visit(NAME_FIELD, tool.name);
  visit(METADATA_FIELD, tool.description);
  if (tool.category !== null) visit(METADATA_FIELD, tool.category);
  for (const tag of tool.stacks?.tags ?? []) visit(METADATA_FIELD, tag.label);
  for (const review of tool.reviews) {
    visit(REVIEW_FIELD, review.likes);
    visit(REVIEW_FIELD, review.dislikes);
  }
}

/**
 * Indexes every searched text of `tools` ({@link forEachSearchedText}) under its terms
 * ({@link forEachTermOfToken}).
 */
export function buildPostings(tools: readonly Tool[]): Postings {
  const collector = new PostingsCollector();
  const add = (field: number, text: string): void => collector.addText(field, text);
  for (const tool of tools) {
    collector.startTool();
    forEachSearchedText(tool, add);
  }
  return collector.finish();
}
