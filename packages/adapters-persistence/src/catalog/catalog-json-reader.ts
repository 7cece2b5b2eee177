import { JsonSyntaxError } from './json-syntax.error.js';
import { locateJsonSyntaxError } from './json-syntax-locator.js';

/** Receives a catalog file's content in document order. */
export interface CatalogJsonVisitor {
  /** A top-level member. A `tools` array arrives as `[]`, its elements through `tool`. */
  member(key: string, value: unknown): void;
  /** The next element of the top-level `tools` array. */
  tool(value: unknown): void;
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
const isWhitespace = (b: number | undefined): boolean =>
  b === 0x20 || b === LINE_FEED || b === 0x0d || b === 0x09;
const endsScalar = (b: number | undefined): boolean =>
  b === undefined || isWhitespace(b) || b === COMMA || b === CLOSE_BRACE || b === CLOSE_BRACKET;

/**
 * Reads a catalog document from UTF-8 bytes without ever holding it as one string: V8 strings
 * stop at about 512 MiB, a catalog of a million reviews is larger. The top level is scanned here;
 * each top-level member, and each element of `tools`, is decoded and handed to `JSON.parse` on
 * its own, so the text of a value is what is parsed and the visitor can validate and release tool
 * after tool. Structural bytes of JSON are ASCII and never occur inside multi-byte UTF-8
 * sequences, which is what makes scanning bytes safe. A leading byte-order mark is skipped.
 * Throws `JsonSyntaxError` (line and column of the first problem) when the bytes are not JSON or
 * not UTF-8.
 */
export function readCatalogJson(bytes: Buffer, visitor: CatalogJsonVisitor): void {
  new CatalogJsonScanner(bytes, visitor).read();
}

class CatalogJsonScanner {
  private pos = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly bytes: Buffer,
    private readonly visitor: CatalogJsonVisitor,
  ) {}

  read(): void {
    if (this.bytes[0] === 0xef && this.bytes[1] === 0xbb && this.bytes[2] === 0xbf) this.pos = 3;
    this.skipWhitespace();
    if (this.bytes[this.pos] !== OPEN_BRACE) {
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

  private readMembers(): void {
    for (;;) {
      if (this.bytes[this.pos] !== QUOTE) this.failHere('Expected double-quoted property name');
      const keyEnd = this.endOfString(this.pos);
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
      this.visitor.tool(this.readValue());
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
    const start = this.pos;
    const first = this.bytes[start];
    let end: number;
    if (first === QUOTE) end = this.endOfString(start);
    else if (first === OPEN_BRACE || first === OPEN_BRACKET) end = this.endOfContainer(start);
    else {
      end = start;
      while (!endsScalar(this.bytes[end])) end++;
      if (end === start) this.failHere(`Unexpected token '${String.fromCharCode(first ?? 0)}'`);
    }
    const value = this.parse(start, end);
    this.pos = end;
    return value;
  }

  /** End (exclusive) of the array or object at `start`; strings are skipped, not looked into. */
  private endOfContainer(start: number): number {
    let depth = 0;
    let i = start;
    while (i < this.bytes.length) {
      const b = this.bytes[i];
      if (b === QUOTE) {
        i = this.endOfString(i);
        continue;
      }
      if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if ((b === CLOSE_BRACE || b === CLOSE_BRACKET) && --depth === 0) return i + 1;
      i++;
    }
    return this.fail('Unexpected end of JSON input', this.bytes.length);
  }

  /** End (exclusive) of the string at `start`: the next quote not escaped by a backslash. */
  private endOfString(start: number): number {
    let from = start + 1;
    for (;;) {
      const quote = this.bytes.indexOf(QUOTE, from);
      if (quote < 0) return this.fail('Unterminated string', this.bytes.length);
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
    while (isWhitespace(this.bytes[this.pos])) this.pos++;
  }

  /** Fails at the current position; at the end of the bytes, says that the text stops early. */
  private failHere(reason: string): never {
    return this.fail(this.pos >= this.bytes.length ? 'Unexpected end of JSON input' : reason);
  }

  private fail(reason: string, at = this.pos): never {
    let line = 1;
    let lineStart = 0;
    for (
      let nl = this.bytes.indexOf(LINE_FEED);
      nl >= 0 && nl < at;
      nl = this.bytes.indexOf(LINE_FEED, nl + 1)
    ) {
      line++;
      lineStart = nl + 1;
    }
    let column = 1;
    for (let i = lineStart; i < at; i++) if (((this.bytes[i] ?? 0) & 0xc0) !== 0x80) column++;
    throw new JsonSyntaxError(reason, line, column);
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
