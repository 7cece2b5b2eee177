import type { Tool } from '../catalog/tool.js';
import { GrowableArray } from './growable-array.js';
import { TermDictionary } from './term-dictionary.js';
import { asciiToken, PLAIN, scanAsciiBytes } from './ascii-token-scanner.js';
import { TermTable } from './term-table.js';
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

/** Collects (term, tool, best field) once per term and tool, tools in ordinal order. */
class PostingsCollector {
  private readonly ids = new TermTable();
  /** Per term id: 1 + the ordinal of the last tool it was collected for (0: none yet). */
  private readonly lastTool = new GrowableArray((n) => new Uint32Array(n));
  private readonly pairTerms = new GrowableArray((n) => new Uint32Array(n));
  private readonly pairFields = new GrowableArray((n) => new Uint8Array(n));
  /** Index of the first pair of each tool, plus the end. */
  private readonly toolStarts: Uint32Array;
  private tool = -1;
  private field = NAME_FIELD;
  private readonly addId = (id: number): void => {
    if (id === this.lastTool.length) this.lastTool.push(0);
    // Fields arrive best first, so the first occurrence in a tool carries its best field.
    if (this.lastTool.at(id) === this.tool + 1) return;
    this.lastTool.set(id, this.tool + 1);
    this.pairTerms.push(id);
    this.pairFields.push(this.field);
  };
  private readonly addTerm = (term: string): void => this.addId(this.ids.idOf(term));
  private readonly addToken = (token: string): void => forEachTermOfToken(token, this.addTerm);
  /** The ASCII text being scanned, as it is: not lower-cased (see `addText`). */
  private text = '';
  /** Its UTF-8 bytes, reused from text to text: room for the longest text so far, 3 bytes a unit. */
  private bytes = new Uint8Array(1 << 16);
  private readonly addAsciiRange = (start: number, end: number, shape: number, hash: number) => {
    if (shape === PLAIN)
      this.addId(this.ids.idOfAsciiBytes(this.bytes, start, end, hash, this.text));
    else this.addToken(asciiToken(this.text, start, end, shape).toLowerCase());
  };

  constructor(toolCount: number) {
    this.toolStarts = new Uint32Array(toolCount + 1);
  }

  /** Starts the next tool; its texts must then be added best field first. */
  startTool(): void {
    this.tool++;
    this.toolStarts[this.tool] = this.pairTerms.length;
  }

  addText(field: number, text: string): void {
    this.field = field;
    // A UTF-16 unit takes at most 3 bytes of UTF-8, so the whole text always fits.
    if (text.length * 3 > this.bytes.length)
      this.bytes = new Uint8Array(2 ** Math.ceil(Math.log2(text.length * 3)));
    // Each ASCII character is one byte, any other unit more: as many bytes as units is ASCII.
    const { written } = ENCODER.encodeInto(text, this.bytes);
    if (written === text.length) {
      // Folding ASCII is lower-casing, which the scan and the term table do as they read: no
      // lower-cased copy of the text (a gigabyte in all for a large catalog), and plain words
      // are looked up without a string of their own. Bytes read faster than the string.
      this.text = text;
      scanAsciiBytes(this.bytes, written, this.addAsciiRange);
      this.text = '';
    } else {
      scanTokens(foldText(text), this.addToken);
    }
  }

  finish(): Postings {
    const { ids, pairTerms, pairFields, toolStarts } = this;
    toolStarts[this.tool + 1] = pairTerms.length;
    const byId = ids.all();
    const order = Array.from(byId, (_, id) => id).sort((a, b) =>
      compareUnits(byId[a] as string, byId[b] as string),
    );
    const terms = order.map((id) => byId[id] as string);

    // Tens of millions of pairs: counted and placed by term id, reading the blocks directly.
    const countOfId = new Uint32Array(terms.length);
    for (const chunk of pairTerms.chunks())
      for (let k = 0; k < chunk.length; k++)
        countOfId[chunk[k] as number] = (countOfId[chunk[k] as number] as number) + 1;
    const offsets = new Uint32Array(terms.length + 1);
    const nextOfId = new Uint32Array(terms.length);
    order.forEach((id, position) => {
      nextOfId[id] = offsets[position] as number;
      offsets[position + 1] = (offsets[position] as number) + (countOfId[id] as number);
    });

    const tools = new Uint32Array(pairTerms.length);
    const fields = new Uint8Array(pairTerms.length);
    const fieldChunks = [...pairFields.chunks()];
    let tool = 0;
    let pair = 0;
    let chunkIndex = 0;
    for (const chunk of pairTerms.chunks()) {
      const fieldChunk = fieldChunks[chunkIndex++] as Uint8Array;
      for (let k = 0; k < chunk.length; k++, pair++) {
        while (pair >= (toolStarts[tool + 1] as number)) tool++;
        const id = chunk[k] as number;
        const slot = nextOfId[id] as number;
        nextOfId[id] = slot + 1;
        tools[slot] = tool;
        fields[slot] = fieldChunk[k] as number;
      }
    }
    return { dictionary: new TermDictionary(terms), offsets, tools, fields };
  }
}

/**
 * Indexes every searched text of `tools` under its terms ({@link forEachTermOfToken}): the name
 * (field 0); description, category and stack tag labels (field 1); the likes and dislikes of
 * every review (field 2).
 */
export function buildPostings(tools: readonly Tool[]): Postings {
  const collector = new PostingsCollector(tools.length);
  for (const tool of tools) {
    collector.startTool();
    collector.addText(NAME_FIELD, tool.name);
    collector.addText(METADATA_FIELD, tool.description);
    if (tool.category !== null) collector.addText(METADATA_FIELD, tool.category);
    for (const tag of tool.stacks?.tags ?? []) collector.addText(METADATA_FIELD, tag.label);
    for (const review of tool.reviews) {
      collector.addText(REVIEW_FIELD, review.likes);
      collector.addText(REVIEW_FIELD, review.dislikes);
    }
  }
  return collector.finish();
}
