import { LruCache } from '@reviews/domain';
import Negotiator from 'negotiator';
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import {
  brotliCompressSync,
  constants,
  crc32,
  deflateRawSync,
  deflateSync,
  gzipSync,
} from 'node:zlib';
import { GET_TOOL_TOOL_NAME } from '../tools/get-tool.tool.js';
import { SEARCH_TOOLS_TOOL_NAME } from '../tools/search-tools.tool.js';

/** Default bound on the bytes of SDK answers kept (bodies and keys). */
export const DEFAULT_KNOWN_CALL_BYTES = 16 * 1024 * 1024;

/** What an entry costs besides its body and key (headers, the entry and map slot). */
const ENTRY_OVERHEAD_BYTES = 512;

/** The tools whose calls only read a publication, so one call's answer is every such call's. */
const READ_ONLY_TOOLS: ReadonlySet<unknown> = new Set([SEARCH_TOOLS_TOOL_NAME, GET_TOOL_TOOL_NAME]);

/**
 * Every request header the SDK's answer to a `tools/call` can depend on (content negotiation,
 * the protocol version and the 2026-07-28 `Mcp-Method`/`Mcp-Name` checks, sessions, resumption,
 * the body's coding); a call is answered from memory only under the same values as sent.
 */
const ANSWER_HEADERS = [
  'accept',
  'content-type',
  'content-encoding',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'last-event-id',
] as const;

/** An SDK answer with its JSON-RPC id cut out: `prefix + JSON.stringify(id) + suffix`. */
export interface KnownAnswer {
  /** The prefix coded once per coding, on first use (for answers whose suffix is short). */
  readonly heads: Map<string, CodedHead>;
  readonly status: number;
  /** The headers the SDK passed to `writeHead`. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * `headers` as a flat `[name, value, …]` list, when none of them is one the fast path sets
   * itself (`FAST_PATH_HEADERS`): `sendAfter` then sends every header in one `writeHead` list.
   */
  readonly headerList: readonly string[] | undefined;
  readonly prefix: string;
  readonly suffix: string;
}

// The `compression` middleware's lists and negotiator, so a body coded here is in its coding.
const SUPPORTED_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED_ENCODINGS = ['br', 'gzip'];

/**
 * The codings negotiated so far, by `Accept-Encoding` value: clients send one of a handful of
 * values, and parsing one with negotiator is a good part of a known call's own work. Bounded:
 * emptied when full, so odd values cannot grow it.
 */
const negotiated = new Map<string, string>();
const NEGOTIATED_MAX = 256;

/** The content coding the `compression` middleware picks for `req`. */
function negotiatedEncoding(req: IncomingMessage): string {
  const accepted = req.headers['accept-encoding'];
  if (accepted === undefined) return 'identity';
  const known = negotiated.get(accepted);
  if (known !== undefined) return known;
  // negotiator 0.6.4 takes the preferred list as a second argument; its typings predate it.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], preferred: string[]): string | undefined;
  };
  const encoding = negotiator.encoding(SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS) ?? 'identity';
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(accepted, encoding);
  return encoding;
}

/** `text` in `encoding`, with the `compression` middleware's parameters (brotli quality 4). */
function encoded(text: string, encoding: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  switch (encoding) {
    case 'br':
      return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    case 'gzip':
      return gzipSync(bytes);
    default:
      return deflateSync(bytes);
  }
}

/** The longest part after the id that is sent uncoded behind a coded prefix. */
const MAX_SPLICED_TAIL = 1024;

/**
 * The prefix of an answer coded once, left open at a byte boundary (a brotli or deflate flush),
 * with the checksum of its bytes so far, so that the id and the rest can be appended uncoded.
 */
interface CodedHead {
  readonly bytes: Buffer;
  /** CRC-32 (gzip) or Adler-32 (deflate) of the prefix; unused for brotli. */
  readonly check: number;
  readonly length: number;
}

function codedHead(prefix: string, encoding: string): CodedHead {
  const bytes = Buffer.from(prefix, 'utf8');
  switch (encoding) {
    case 'br':
      return {
        bytes: brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
          finishFlush: constants.BROTLI_OPERATION_FLUSH,
        }),
        check: 0,
        length: bytes.length,
      };
    case 'gzip':
      return {
        bytes: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
        check: crc32(bytes),
        length: bytes.length,
      };
    default:
      return {
        bytes: deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
        check: adler32(bytes, 1),
        length: bytes.length,
      };
  }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);

/**
 * `head` followed by `tail` stored uncoded, closing the stream: for brotli an uncompressed
 * meta-block and an empty last one (RFC 7932 §9.2), for deflate a last stored block (RFC 1951
 * §3.2.4) inside the gzip (RFC 1952) or zlib (RFC 1950) frame with the checksum carried on.
 */
function splicedBody(head: CodedHead, tail: Buffer, encoding: string): Buffer {
  const n = tail.length;
  if (encoding === 'br') {
    // ISLAST 0, MNIBBLES 0 (four nibbles), MLEN-1, ISUNCOMPRESSED 1, then zero bits to the byte.
    const bits = ((n - 1) << 3) | (1 << 19);
    const header = Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
    return Buffer.concat([head.bytes, header, tail, Buffer.from([0x03])]);
  }
  const stored = Buffer.from([0x01, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]);
  const trailer = Buffer.alloc(encoding === 'gzip' ? 8 : 4);
  if (encoding === 'gzip') {
    trailer.writeUInt32LE(crc32(tail, head.check), 0);
    trailer.writeUInt32LE((head.length + n) >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, head.bytes, stored, tail, trailer]);
  }
  trailer.writeUInt32BE(adler32(tail, head.check), 0);
  return Buffer.concat([ZLIB_HEADER, head.bytes, stored, tail, trailer]);
}

/** Adler-32 (RFC 1950) of `bytes`, carried on from `start` (1 for none). */
function adler32(bytes: Uint8Array, start: number): number {
  let a = start & 0xffff;
  let b = start >>> 16;
  for (let i = 0; i < bytes.length;) {
    // 3800 bytes keep the sums within 2^31 before the modulo.
    const end = Math.min(bytes.length, i + 3800);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** A request the fast path may answer: a single `tools/call` of a read-only tool with a usable id. */
export interface KnownCallRequest {
  readonly key: string;
  readonly id: string | number;
}

/**
 * The SDK's own answers to successful `tools/call`s of the read-only tools (`search_tools`,
 * `get_tool`), recorded as the SDK sent them and replayed, with the caller's JSON-RPC id spliced
 * in, for the same call (same headers that matter, same body but for the id) under the same
 * content version. Nothing is made up: an answer exists here only after the SDK path sent it, and
 * only when cutting the id out and putting it back gives the SDK's bytes again. Errors, tool
 * errors and anything unusual are never kept, so they always reach the SDK. Bounded by bytes
 * (least recently used out first); the first use under another content version drops all.
 */
export class KnownCalls {
  private answers: LruCache<KnownAnswer>;
  private version: string | undefined;

  constructor(
    private readonly contentVersion: () => string | undefined,
    private readonly maxBytes = DEFAULT_KNOWN_CALL_BYTES,
  ) {
    this.answers = new LruCache(Number.MAX_SAFE_INTEGER, maxBytes);
  }

  /**
   * The request's key and id when it is a call this cache can answer at all (a JSON object
   * `tools/call` of a read-only tool whose id is a string or a safe integer), else undefined.
   */
  static requestOf(headers: IncomingHttpHeaders, body: unknown): KnownCallRequest | undefined {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const { id, method, params } = body as { id?: unknown; method?: unknown; params?: unknown };
    if (method !== 'tools/call' || typeof params !== 'object' || params === null) return undefined;
    if (!READ_ONLY_TOOLS.has((params as { name?: unknown }).name)) return undefined;
    if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
    // `id: undefined` leaves the id out; every other member stays in its place.
    const key = `${KnownCalls.answerHeadersOf(headers)}\n${JSON.stringify({ ...body, id: undefined })}`;
    return { key, id: id as string | number };
  }

  /** The request headers an answer depends on, as one string (part of every call's key). */
  static answerHeadersOf(headers: IncomingHttpHeaders): string {
    return JSON.stringify(ANSWER_HEADERS.map((name) => headers[name] ?? null));
  }

  /** The answer kept for `request` under the live content version, if any. */
  lookup(request: KnownCallRequest): KnownAnswer | undefined {
    const version = this.contentVersion();
    if (version === undefined || version !== this.version) return undefined;
    return this.answers.get(request.key);
  }

  /** Whether any answer is kept for the live content version (a cheap first test). */
  hasAnswers(): boolean {
    return this.answers.size > 0 && this.contentVersion() === this.version;
  }

  /** The version answers are recorded under now; undefined when answers must not be kept. */
  currentVersion(): string | undefined {
    return this.contentVersion();
  }

  /**
   * Sends the known answer to `request` and returns true; false (nothing sent) when none. The
   * body goes out as the SDK's would through the `compression` middleware: in the coding it
   * negotiates (whatever the size, as it does for a body whose headers are written first), with
   * `Vary: Accept-Encoding` (which it adds), chunked; coded here, so the middleware leaves it be.
   */
  answer(request: KnownCallRequest, req: IncomingMessage, res: ServerResponse): boolean {
    const known = this.lookup(request);
    if (known === undefined) return false;
    this.send(known, request, req, res);
    return true;
  }

  /** Sends `known` (from `lookup(request)`) as `answer` does. */
  send(
    known: KnownAnswer,
    request: KnownCallRequest,
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    const vary = res.getHeader('Vary');
    if (vary === undefined) res.setHeader('Vary', 'Accept-Encoding');
    else if (!/\baccept-encoding\b/i.test(String(vary)))
      res.setHeader('Vary', `${String(vary)}, Accept-Encoding`);
    const encoding = negotiatedEncoding(req);
    const body = bodyOf(known, request, encoding);
    res.writeHead(
      known.status,
      encoding === 'identity' ? known.headers : { ...known.headers, 'Content-Encoding': encoding },
    );
    // write, then end: chunked, as the SDK's stream is.
    res.write(body);
    res.end();
  }

  /**
   * Sends `known` as `send` does, to a response with no header set yet, every header in one
   * `writeHead` list (none through `setHeader`): `head` (names other than `FAST_PATH_HEADERS`
   * must not occur in it), then `Vary` (`varyOn` and `Accept-Encoding`), then the SDK's headers
   * and the coding. Falls back to `send` for an answer whose headers would clash with these.
   */
  sendAfter(
    head: string[],
    varyOn: string,
    known: KnownAnswer,
    request: KnownCallRequest,
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    if (known.headerList === undefined) {
      for (let i = 0; i < head.length; i += 2) res.setHeader(head[i]!, head[i + 1]!);
      res.setHeader('Vary', varyOn);
      this.send(known, request, req, res);
      return;
    }
    const encoding = negotiatedEncoding(req);
    const body = bodyOf(known, request, encoding);
    head.push('Vary', `${varyOn}, Accept-Encoding`, ...known.headerList);
    if (encoding !== 'identity') head.push('Content-Encoding', encoding);
    res.writeHead(known.status, head);
    res.write(body);
    res.end();
  }

  /**
   * Watches the SDK answer `request` on `res` and keeps it when it is a successful result whose
   * JSON-RPC id can be cut out and put back exactly, and the content version did not change
   * while it was computed (`version` is `currentVersion()` from before the SDK ran).
   */
  record(request: KnownCallRequest, version: string, res: ServerResponse): void {
    let status = 0;
    let headers: OutgoingHttpHeaders | undefined;
    const chunks: Buffer[] = [];
    let usable = true;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      status = args[0] as number;
      const last = args[args.length - 1];
      headers = typeof last === 'object' && last !== null ? (last as OutgoingHttpHeaders) : {};
      return writeHead(...args);
    }) as ServerResponse['writeHead'];
    res.write = ((...args: unknown[]) => {
      const chunk = args[0];
      if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else usable = false;
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      const chunk = args[0];
      if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else if (chunk !== undefined && typeof chunk !== 'function') usable = false;
      if (usable && headers !== undefined)
        this.keep(request, version, status, headers, Buffer.concat(chunks).toString('utf8'));
      return end(...args);
    }) as ServerResponse['end'];
  }

  private keep(
    request: KnownCallRequest,
    version: string,
    status: number,
    headers: OutgoingHttpHeaders,
    body: string,
  ): void {
    if (status !== 200 || this.contentVersion() !== version) return;
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value !== 'string') return;
      flat[name] = value;
    }
    if (!/^application\/json\b/i.test(flat['content-type'] ?? '')) return;
    const template = idTemplate(body, request.id);
    if (template === undefined) return;
    if (version !== this.version) {
      this.answers = new LruCache(Number.MAX_SAFE_INTEGER, this.maxBytes);
      this.version = version;
    }
    const answer: KnownAnswer = {
      heads: new Map(),
      status,
      headers: flat,
      headerList: flatHeaderList(flat),
      ...template,
    };
    // The body, and room for its prefix in three codings (each under the body's size).
    const weight = 2 * body.length + request.key.length + ENTRY_OVERHEAD_BYTES;
    this.answers.set(request.key, answer, weight);
  }

  /** How many answers are kept, and the bytes counted for them. */
  size(): { entries: number; bytes: number } {
    return { entries: this.answers.size, bytes: this.answers.totalWeight };
  }
}

/** The body of `known` for `request`'s id in `encoding`. */
function bodyOf(known: KnownAnswer, request: KnownCallRequest, encoding: string): Buffer | string {
  const id = JSON.stringify(request.id);
  if (encoding === 'identity') return known.prefix + id + known.suffix;
  const tail = Buffer.from(id + known.suffix, 'utf8');
  if (tail.length > MAX_SPLICED_TAIL) return encoded(known.prefix + id + known.suffix, encoding);
  let head = known.heads.get(encoding);
  if (head === undefined) {
    head = codedHead(known.prefix, encoding);
    known.heads.set(encoding, head);
  }
  return splicedBody(head, tail, encoding);
}

/**
 * The headers `sendAfter` sets itself, lower-cased: an SDK answer carrying one of them is sent
 * through `send`, where `setHeader` and `writeHead` merge them as the Express path does.
 */
const FAST_PATH_HEADERS: ReadonlySet<string> = new Set([
  'x-request-id',
  'x-content-type-options',
  'vary',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'content-encoding',
]);

/** `headers` as a flat list, or undefined when one of them is in `FAST_PATH_HEADERS`. */
function flatHeaderList(headers: Readonly<Record<string, string>>): string[] | undefined {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (FAST_PATH_HEADERS.has(name.toLowerCase())) return undefined;
    list.push(name, value);
  }
  return list;
}

/** A sentinel no JSON text of ours contains (a control character is escaped by JSON). */
const ID_SENTINEL = '\u0000known-call-id\u0000';

/**
 * `body` split around its JSON-RPC id, when it is a JSON-RPC result (not an error, not a tool
 * error) for `id` in the form `JSON.stringify` gives, so that splicing any id back in gives what
 * the SDK would send for it; else undefined.
 */
function idTemplate(
  body: string,
  id: string | number,
): { prefix: string; suffix: string } | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const fields = message as { id?: unknown; result?: unknown; error?: unknown };
  if (fields.id !== id || fields.error !== undefined) return undefined;
  const result = fields.result as { isError?: unknown } | undefined;
  if (typeof result !== 'object' || result === null || result.isError === true) return undefined;
  if (JSON.stringify(message) !== body) return undefined;
  const marked = JSON.stringify({ ...message, id: ID_SENTINEL });
  const parts = marked.split(JSON.stringify(ID_SENTINEL));
  if (parts.length !== 2) return undefined;
  const [prefix, suffix] = parts as [string, string];
  return prefix + JSON.stringify(id) + suffix === body ? { prefix, suffix } : undefined;
}
