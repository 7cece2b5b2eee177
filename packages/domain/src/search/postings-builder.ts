import type { Tool } from '../catalog/tool.js';
import { GrowableArray } from './growable-array.js';
import { TermDictionary } from './term-dictionary.js';
import { asciiToken, PLAIN, scanAsciiBytes } from './ascii-token-scanner.js';
import { asciiOf, TermTable } from './term-table.js';
import { foldText } from './text-folding.js';
import { forEachTermOfToken, scanTokens } from './tokenizer.js';

// The dictionary's order: by UTF-16 unit, as `<` compares strings.
const compareUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Searched fields, best first (contract §3 tiers). */
export const NAME_FIELD = 0;
export const METADATA_FIELD = 1;
export const REVIEW_FIELD = 2;

/**
 * An inverted index in compressed-row form: the postings of the term at dictionary position `p`
 * are entries `offsets[p]` to `offsets[p + 1] - 1` of `tools` (ascending ordinals) and `fields`
 * (the best field in which that term occurs in that tool).
 */
export interface Postings {
  readonly dictionary: TermDictionary;
  readonly offsets: Uint32Array;
  readonly tools: Uint32Array;
  readonly fields: Uint8Array;
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
  private readonly lastTool = new GrowableArray((n) => new Uint32Array(n));
  /** Per (term, tool) pair, in tool order: the term id shifted left by 2, OR the field (0–2). */
  private readonly pairs = new GrowableArray((n) => new Uint32Array(n));
  /** Index of the first pair of each tool. */
  private readonly toolStarts = new GrowableArray((n) => new Uint32Array(n));
  private tool = -1;
  private field = NAME_FIELD;
  private readonly addId = (id: number): void => {
    if (id === this.lastTool.length) this.lastTool.push(0);
    // Fields arrive best first, so the first occurrence in a tool carries its best field.
    if (this.lastTool.at(id) === this.tool + 1) return;
    this.lastTool.set(id, this.tool + 1);
    this.pairs.push((id << FIELD_BITS) | this.field);
  };
  private readonly addTerm = (term: string): void => this.addId(this.ids.idOf(term));
  private readonly addToken = (token: string): void => forEachTermOfToken(token, this.addTerm);
  /** The bytes being scanned: `ownBytes`, or those given to `addAsciiBytes`. */
  private bytes: Uint8Array = new Uint8Array(0);
  /** Where `addText` encodes a text: room for the longest text so far, 3 bytes a unit. */
  private ownBytes = new Uint8Array(1 << 16);
  private readonly addAsciiRange = (start: number, end: number, shape: number, hash: number) => {
    if (shape === PLAIN) this.addId(this.ids.idOfAsciiBytes(this.bytes, start, end, hash));
    else
      this.addToken(
        asciiToken(asciiOf(this.bytes, start, end), 0, end - start, shape).toLowerCase(),
      );
  };

  /** Tools started so far. */
  get toolCount(): number {
    return this.tool + 1;
  }

  /** Starts the next tool; its texts must then be added best field first. */
  startTool(): void {
    this.tool++;
    this.toolStarts.push(this.pairs.length);
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
   * words are looked up without a string of their own. Bytes read faster than a string.
   */
  addAsciiBytes(field: number, bytes: Uint8Array, from: number, to: number): void {
    this.field = field;
    this.bytes = bytes;
    scanAsciiBytes(bytes, from, to, this.addAsciiRange);
    this.bytes = EMPTY_BYTES;
  }

  /**
   * The postings of every tool given. Once only: the pairs collected are let go on the way, so
   * that what comes after (prefix shortcuts) does not find them still in memory.
   */
  finish(): Postings {
    const { ids, pairs } = this;
    if (ids.size > MAX_TERMS) throw new Error(`More than ${MAX_TERMS} terms cannot be indexed.`);
    const toolStarts = new Uint32Array(this.tool + 2);
    for (let tool = 0; tool <= this.tool; tool++) toolStarts[tool] = this.toolStarts.at(tool);
    toolStarts[this.tool + 1] = pairs.length;
    const byId = ids.all();
    const order = Array.from(byId, (_, id) => id).sort((a, b) =>
      compareUnits(byId[a] as string, byId[b] as string),
    );
    const terms = order.map((id) => byId[id] as string);

    // Tens of millions of pairs: counted and placed by term id, reading the blocks directly.
    const countOfId = new Uint32Array(terms.length);
    for (const chunk of pairs.chunks())
      for (let k = 0; k < chunk.length; k++) {
        const id = (chunk[k] as number) >>> FIELD_BITS;
        countOfId[id] = (countOfId[id] as number) + 1;
      }
    const offsets = new Uint32Array(terms.length + 1);
    const nextOfId = new Uint32Array(terms.length);
    order.forEach((id, position) => {
      nextOfId[id] = offsets[position] as number;
      offsets[position + 1] = (offsets[position] as number) + (countOfId[id] as number);
    });

    const tools = new Uint32Array(pairs.length);
    const fields = new Uint8Array(pairs.length);
    let tool = 0;
    let pair = 0;
    for (const chunk of pairs.chunks()) {
      for (let k = 0; k < chunk.length; k++, pair++) {
        while (pair >= (toolStarts[tool + 1] as number)) tool++;
        const packed = chunk[k] as number;
        const id = packed >>> FIELD_BITS;
        const slot = nextOfId[id] as number;
        nextOfId[id] = slot + 1;
        tools[slot] = tool;
        fields[slot] = packed & FIELD_MASK;
      }
    }
    pairs.clear();
    this.lastTool.clear();
    this.toolStarts.clear();
    return { dictionary: new TermDictionary(terms), offsets, tools, fields };
  }
}

/** Bits of a packed pair that hold the field; the term id is in the others. */
const FIELD_BITS = 2;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Term ids a packed pair can hold. */
const MAX_TERMS = 2 ** (32 - FIELD_BITS);

const EMPTY_BYTES = new Uint8Array(0);

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
