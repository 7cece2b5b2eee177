/**
 * How the searched texts of a catalog travel to the indexing-ahead thread (`WorkerIndexingAhead`)
 * while the catalog is read: in chunks of bytes, each moved (not copied) with `postMessage`.
 * A chunk is a run of records: a tool starts (one byte), or a text of the current tool follows
 * (one byte: its kind and field). An ASCII text, which is nearly every text of a catalog, is its
 * length (4 bytes, little-endian) and its bytes, which the indexer scans as they are
 * (`PostingsCollector.addAsciiBytes`); any other text goes beside the bytes as a string, in
 * order, so that it arrives exactly as read (lone surrogates and all).
 */
import { forEachSearchedText, type PostingsCollector, type Tool } from '@reviews/domain';

const TOOL = 0x00;
const ASCII_TEXT = 0x10;
const OTHER_TEXT = 0x20;
const KIND = 0xf0;
const FIELD = 0x0f;

/** Bytes a chunk holds before it is sent (a text longer than that gets a chunk of its own). */
const CHUNK_BYTES = 1 << 20;

/** One chunk as sent: `buffer` (moved) holds `length` bytes of records. */
export interface TextsChunk {
  readonly buffer: ArrayBuffer;
  readonly length: number;
  /** The texts that are not ASCII, in record order. */
  readonly texts: readonly string[];
}

const ENCODER = new TextEncoder();

/** Writes tools' searched texts into chunks, handing each full one to `send`. */
export class TextsChunkWriter {
  private bytes: Uint8Array;
  private view: DataView;
  private used = 0;
  private texts: string[] = [];
  private readonly addText = (field: number, text: string): void => {
    // The record header, and 3 bytes at most per UTF-16 unit.
    this.ensureRoom(5 + text.length * 3);
    const at = this.used + 5;
    const { written } = ENCODER.encodeInto(text, this.bytes.subarray(at));
    if (written === text.length) {
      this.bytes[this.used] = ASCII_TEXT | field;
      this.view.setUint32(this.used + 1, written, true);
      this.used = at + written;
    } else {
      this.bytes[this.used++] = OTHER_TEXT | field;
      this.texts.push(text);
    }
  };

  constructor(
    private readonly send: (chunk: TextsChunk) => void,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    this.bytes = new Uint8Array(chunkBytes);
    this.view = new DataView(this.bytes.buffer);
  }

  /** Adds the next tool's searched texts (`forEachSearchedText`). */
  add(tool: Tool): void {
    this.ensureRoom(1);
    this.bytes[this.used++] = TOOL;
    forEachSearchedText(tool, this.addText);
  }

  /** Sends what is written and not sent yet, if anything. */
  flush(): void {
    if (this.used === 0) return;
    const chunk = {
      buffer: this.bytes.buffer as ArrayBuffer,
      length: this.used,
      texts: this.texts,
    };
    this.bytes = new Uint8Array(this.chunkBytes);
    this.view = new DataView(this.bytes.buffer);
    this.used = 0;
    this.texts = [];
    this.send(chunk);
  }

  private ensureRoom(bytes: number): void {
    if (this.used + bytes <= this.bytes.length) return;
    this.flush();
    if (bytes > this.bytes.length) {
      this.bytes = new Uint8Array(bytes);
      this.view = new DataView(this.bytes.buffer);
    }
  }
}

/** Gives `collector` the tools and texts of `chunk`, in order. Throws on a malformed chunk. */
export function indexTextsChunk(collector: PostingsCollector, chunk: TextsChunk): void {
  const bytes = new Uint8Array(chunk.buffer, 0, chunk.length);
  const view = new DataView(chunk.buffer);
  let text = 0;
  for (let i = 0; i < bytes.length;) {
    const tag = bytes[i] as number;
    const field = tag & FIELD;
    switch (tag & KIND) {
      case TOOL & KIND:
        if (tag !== TOOL) throw new Error(`Malformed texts chunk: tag ${tag} at ${i}.`);
        collector.startTool();
        i++;
        break;
      case ASCII_TEXT: {
        const length = view.getUint32(i + 1, true);
        if (i + 5 + length > bytes.length)
          throw new Error(`Malformed texts chunk: a text at ${i} runs past the end.`);
        collector.addAsciiBytes(field, bytes, i + 5, i + 5 + length);
        i += 5 + length;
        break;
      }
      case OTHER_TEXT:
        collector.addText(field, chunk.texts[text++] as string);
        i++;
        break;
      default:
        throw new Error(`Malformed texts chunk: tag ${tag} at ${i}.`);
    }
  }
  if (text !== chunk.texts.length) throw new Error('Malformed texts chunk: texts left over.');
}
