/**
 * Deepest nesting of arrays and objects a JSON request body may have (`{}` is 1, `[[]]` is 2).
 * Far more than any request of ours needs; far less than what makes recursive code (a
 * `JSON.stringify`, a schema walk) run out of stack: a body nested 5,000 deep once ended the
 * process from inside a request's `'end'` handler.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the UTF-8 JSON text `body` nests arrays and objects deeper than `limit`: one pass over
 * the bytes, no recursion, no allocation, brackets inside strings (escaped quotes included) not
 * counted. UTF-8 is exact here: every byte of a multi-byte character is 0x80 or above. Not a
 * validator: for text that is not JSON the answer only bounds what a parser would build, and
 * the parser refuses the text anyway.
 */
export function jsonNestsDeeperThan(body: Uint8Array, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** A JSON body refused before it was parsed, as body-parser's own errors are shaped. */
class JsonBodyRefusal extends Error {
  constructor(
    /** The HTTP status to answer. */
    readonly status: number,
    /** Like body-parser's `type`: `entity.too.deep` or `charset.unsupported`. */
    readonly type: 'entity.too.deep' | 'charset.unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'JsonBodyRefusal';
  }
}

/**
 * The `verify` option of every `express.json` of the service: the body as read (within the
 * size limit, which body-parser checks first), before it is decoded or parsed. A body deeper than
 * `MAX_JSON_DEPTH` is refused 400 (`entity.too.deep`); a charset other than UTF-8 (RFC 8259 §8.1)
 * is refused 415, as the depth is only read from UTF-8 bytes. body-parser hands the thrown error
 * to the route's error handler with its `status` and `type`.
 */
export function verifyJsonBody(
  _req: unknown,
  _res: unknown,
  body: Uint8Array,
  encoding: string | null,
): void {
  if (encoding !== null && encoding !== 'utf-8')
    throw new JsonBodyRefusal(
      415,
      'charset.unsupported',
      `The body must be UTF-8 JSON, not ${encoding}.`,
    );
  if (jsonNestsDeeperThan(body))
    throw new JsonBodyRefusal(
      400,
      'entity.too.deep',
      `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
    );
}
