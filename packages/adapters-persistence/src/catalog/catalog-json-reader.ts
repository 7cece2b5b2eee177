import { JsonSyntaxError } from './json-syntax.error.js';
import { locateJsonSyntaxError } from './json-syntax-locator.js';

/** Receives a catalog file's content in document order. */
export interface CatalogJsonVisitor {
  /** A top-level member. A `tools` array arrives as `[]`, its elements through `tool`. */
  member(key: string, value: unknown): void;
  /**
   * The next element of the top-level `tools` array. `controlFree`: its text holds no backslash
   * and no U+007F, so no string in `value` holds a control character (JSON has no raw ones
   * below U+0020: they can only come from escapes).
   */
  tool(value: unknown, controlFree: boolean): void;
  /** The whole document, when it is not an object (and so has no members to visit). */
  root(value: unknown): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LINE_FEED = 0x0a;
const DELETE = 0x7f;
const isWhitespace = (b: number | undefined): boolean =>
  b === 0x20 || b === LINE_FEED || b === 0x0d || b === 0x09;
const endsScalar = (b: number | undefined): boolean =>
  b === undefined || isWhitespace(b) || b === COMMA || b === CLOSE_BRACE || b === CLOSE_BRACKET;

/**
 * The next bytes of a document (never empty), or undefined once it has ended. The reader may
 * reuse the buffer it returned once it is called again: the scanner copies what it keeps.
 */
export type ByteReader = () => Buffer | undefined;

/**
 * Reads a catalog document from UTF-8 bytes without ever holding it as one string: V8 strings
 * stop at about 512 MiB, a catalog of a million reviews is larger. The top level is scanned here;
 * each top-level member, and each element of `tools`, is decoded and handed to `JSON.parse` on
 * its own, so the text of a value is what is parsed and the visitor can validate and release tool
 * after tool. Structural bytes of JSON are ASCII and never occur inside multi-byte UTF-8
 * sequences, which is what makes scanning bytes safe. A leading byte-order mark is skipped.
 * Throws `JsonSyntaxError` (line and column of the first problem) when the bytes are not JSON or
 * not UTF-8.
 *
 * The document arrives in chunks (a file read piece by piece), so that memory holds the value
 * being read and one chunk rather than the whole document. A value split
 * across chunks is carried over to the next refill. `open` starts a fresh reader at the start of
 * the document: it is called once, and a second time only when a syntax error is found, to count
 * the lines and columns up to it (the bytes already read are not kept for that).
 */
export function readCatalogJsonChunks(open: () => ByteReader, visitor: CatalogJsonVisitor): void {
  try {
    new CatalogJsonScanner(open(), visitor).read();
  } catch (error) {
    if (!(error instanceof SyntaxAt)) throw error;
    const { line, column } = lineAndColumn(open(), error.offset);
    throw new JsonSyntaxError(error.reason, line, column);
  }
}

/** A syntax error at a byte offset of the document, before its line and column are known. */
class SyntaxAt {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {}
}

/** Line and column (in characters, from 1) of the byte at `offset` of the document. */
function lineAndColumn(next: ByteReader, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let base = 0; base < offset;) {
    const chunk = next();
    if (chunk === undefined) break;
    const end = Math.min(chunk.length, offset - base);
    let from = 0;
    for (
      let nl = chunk.indexOf(LINE_FEED);
      nl >= 0 && nl < end;
      nl = chunk.indexOf(LINE_FEED, nl + 1)
    ) {
      line++;
      column = 1;
      from = nl + 1;
    }
    for (let i = from; i < end; i++) if (((chunk[i] ?? 0) & 0xc0) !== 0x80) column++;
    base += chunk.length;
  }
  return { line, column };
}

/**
 * Scans a window of the document (`bytes`, which starts at byte `offset` of it). Whenever a scan
 * runs into the end of the window before the end of the document, the window is refilled, keeping
 * the bytes from the current position on, and the scan starts again from that position: every
 * scan starts at `pos`, so nothing before it is needed again.
 */
class CatalogJsonScanner {
  private pos = 0;
  /** The window: a view of `buffer`, which is reused from refill to refill. */
  private bytes: Buffer = Buffer.alloc(0);
  /**
   * Where the window lives. Reused rather than allocated per refill: fresh buffers of megabytes
   * are fresh pages to the kernel, and faulting them in cost more than the copying (2 s of CPU
   * and 4 s of wall time over a 1 GB catalog, against 0.2 s and 0.4 s reusing one buffer).
   */
  private buffer: Buffer = Buffer.alloc(0);
  private offset = 0;
  private ended = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly next: ByteReader,
    private readonly visitor: CatalogJsonVisitor,
  ) {}

  read(): void {
    while (this.bytes.length < 3 && this.more());
    if (this.bytes[0] === 0xef && this.bytes[1] === 0xbb && this.bytes[2] === 0xbf) this.pos = 3;
    this.skipWhitespace();
    if (this.bytes[this.pos] !== OPEN_BRACE) {
      while (this.more());
      this.visitor.root(this.parse(this.pos, this.bytes.length));
      return;
    }
    this.pos++;
    this.skipWhitespace();
    if (this.bytes[this.pos] === CLOSE_BRACE) this.pos++;
    else this.readMembers();
    this.skipWhitespace();
    if (this.pos < this.bytes.length)
      this.failHere('Unexpected non-whitespace character after JSON');
  }

  /**
   * Drops the window's bytes before `pos` and appends the next chunk; false once the document has
   * ended (the window is then all there is).
   */
  private more(): boolean {
    if (this.ended) return false;
    const chunk = this.next();
    if (chunk === undefined) {
      this.ended = true;
      return false;
    }
    const kept = this.bytes.length - this.pos;
    const length = kept + chunk.length;
    if (length > this.buffer.length) {
      // The first chunk, or a value longer than the window: room for two chunks from then on.
      const larger = Buffer.allocUnsafe(Math.max(length, 2 * chunk.length, 2 * this.buffer.length));
      this.bytes.copy(larger, 0, this.pos);
      this.buffer = larger;
    } else {
      this.buffer.copyWithin(0, this.pos, this.bytes.length); // `bytes` starts `buffer`
    }
    chunk.copy(this.buffer, kept);
    this.offset += this.pos;
    this.pos = 0;
    this.bytes = this.buffer.subarray(0, length);
    return true;
  }

  private readMembers(): void {
    for (;;) {
      if (this.bytes[this.pos] !== QUOTE) this.failHere('Expected double-quoted property name');
      const keyEnd = this.scan(() => this.endOfString(this.pos));
      const key = String(this.parse(this.pos, keyEnd));
      this.pos = keyEnd;
      this.skipWhitespace();
      if (this.bytes[this.pos] !== COLON) this.failHere("Expected ':' after property name");
      this.pos++;
      this.skipWhitespace();
      if (key === 'tools' && this.bytes[this.pos] === OPEN_BRACKET) {
        this.visitor.member(key, []);
        this.readTools();
      } else {
        this.visitor.member(key, this.readValue());
      }
      this.skipWhitespace();
      const next = this.bytes[this.pos];
      if (next === CLOSE_BRACE) {
        this.pos++;
        return;
      }
      if (next !== COMMA) this.failHere("Expected ',' or '}' after property value");
      this.pos++;
      this.skipWhitespace();
    }
  }

  private readTools(): void {
    this.pos++;
    this.skipWhitespace();
    if (this.bytes[this.pos] === CLOSE_BRACKET) {
      this.pos++;
      return;
    }
    for (;;) {
      const start = this.offset + this.pos;
      const value = this.readValue();
      // Refills while reading it kept the tool's bytes in the window: they start at `start`.
      const text = this.bytes.subarray(start - this.offset, this.pos);
      this.visitor.tool(value, text.indexOf(BACKSLASH) < 0 && text.indexOf(DELETE) < 0);
      this.skipWhitespace();
      const next = this.bytes[this.pos];
      if (next === CLOSE_BRACKET) {
        this.pos++;
        return;
      }
      if (next !== COMMA) this.failHere("Expected ',' or ']' after array element");
      this.pos++;
      this.skipWhitespace();
    }
  }

  private readValue(): unknown {
    const first = this.bytes[this.pos];
    let end: number;
    if (first === QUOTE) end = this.scan(() => this.endOfString(this.pos));
    else if (first === OPEN_BRACE || first === OPEN_BRACKET)
      end = this.scan(() => this.endOfContainer(this.pos));
    else {
      end = this.scan(() => this.endOfScalar(this.pos));
      if (end === this.pos) this.failHere(`Unexpected token '${String.fromCharCode(first ?? 0)}'`);
    }
    const value = this.parse(this.pos, end);
    this.pos = end;
    return value;
  }

  /** Runs a scan from `pos` until it finds its end within the window (-1: it needs more bytes). */
  private scan(find: () => number): number {
    for (;;) {
      const end = find();
      if (end >= 0) return end;
      this.more();
    }
  }

  /** End (exclusive) of the number or literal at `start`; -1 when the window stops first. */
  private endOfScalar(start: number): number {
    let end = start;
    while (end < this.bytes.length && !endsScalar(this.bytes[end])) end++;
    return end === this.bytes.length && !this.ended ? -1 : end;
  }

  /**
   * End (exclusive) of the array or object at `start`, strings skipped, not looked into; -1 when
   * the window stops first.
   */
  private endOfContainer(start: number): number {
    let depth = 0;
    let i = start;
    while (i < this.bytes.length) {
      const b = this.bytes[i];
      if (b === QUOTE) {
        i = this.endOfString(i);
        if (i < 0) return -1;
        continue;
      }
      if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if ((b === CLOSE_BRACE || b === CLOSE_BRACKET) && --depth === 0) return i + 1;
      i++;
    }
    if (!this.ended) return -1;
    return this.fail('Unexpected end of JSON input', this.bytes.length);
  }

  /**
   * End (exclusive) of the string at `start`: the next quote not escaped by a backslash; -1 when
   * the window stops first.
   */
  private endOfString(start: number): number {
    let from = start + 1;
    for (;;) {
      const quote = this.bytes.indexOf(QUOTE, from);
      if (quote < 0) {
        if (!this.ended) return -1;
        return this.fail('Unterminated string', this.bytes.length);
      }
      let backslashes = 0;
      while (this.bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  private parse(start: number, end: number): unknown {
    let text: string;
    try {
      text = this.decoder.decode(this.bytes.subarray(start, end));
    } catch {
      return this.fail('The text is not valid UTF-8', start);
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      const { reason, index } = explain(error, text);
      return this.fail(reason, start + Buffer.byteLength(text.slice(0, index)));
    }
  }

  private skipWhitespace(): void {
    for (;;) {
      while (isWhitespace(this.bytes[this.pos])) this.pos++;
      if (this.pos < this.bytes.length || !this.more()) return;
    }
  }

  /** Fails at the current position; at the end of the bytes, says that the text stops early. */
  private failHere(reason: string): never {
    while (this.pos >= this.bytes.length && this.more());
    return this.fail(this.pos >= this.bytes.length ? 'Unexpected end of JSON input' : reason);
  }

  private fail(reason: string, at = this.pos): never {
    throw new SyntaxAt(reason, this.offset + at);
  }
}

/** V8's reason without its position or its quote of the text, and the index it points at. */
function explain(error: unknown, text: string): { reason: string; index: number } {
  const message = error instanceof Error ? error.message : String(error);
  const positioned = /^(.*) in JSON at position (\d+)/s.exec(message);
  if (positioned?.[1] !== undefined && positioned[2] !== undefined) {
    return { reason: positioned[1], index: Number(positioned[2]) };
  }
  const quoted = /^(.*?), ".*" is not valid JSON$/s.exec(message);
  const reason = quoted?.[1] ?? message;
  return { reason, index: locateJsonSyntaxError(text) ?? 0 };
}
