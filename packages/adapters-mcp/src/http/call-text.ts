/**
 * A JSON-RPC request's text cut around its top-level `id` value: `text` is
 * `before + token + after`, `token` the id's JSON (a plain integer or a string without escapes).
 */
export interface IdCut {
  readonly before: string;
  readonly after: string;
  readonly token: string;
  readonly id: string | number;
}

/** How the usual clients start a request (`{ jsonrpc, id, method, params }` in that order). */
const LEADING_ID = '{"jsonrpc":"2.0","id":';
/** How others end one (`{ ...request, jsonrpc: '2.0', id }`: the TypeScript SDK). */
const TRAILING_ID = ',"id":';
const QUOTE = 0x22;
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
/** Digits of an id read here: 15 are always a safe integer. */
const MAX_DIGITS = 15;

/**
 * Where the id sits in `text` when it has one of the two usual layouts (the id right after
 * `"jsonrpc":"2.0"` at the start, or as the last member), and its value is a plain integer
 * (`0`, or up to 15 digits without a leading zero, perhaps negative) or a string of printable
 * ASCII without `"` or `\`; undefined otherwise. Only the bytes are looked at: that the token is
 * the request's id once the text is parsed is for the caller to have checked (`isIdAt`).
 */
export function cutAtId(text: string): IdCut | undefined {
  if (text.startsWith(LEADING_ID)) {
    const start = LEADING_ID.length;
    const end = tokenEndFrom(text, start);
    if (end === undefined || text.charCodeAt(end) !== COMMA) return undefined;
    return cut(text, start, end);
  }
  const end = text.length - 1;
  if (text.charCodeAt(end) !== CLOSE_BRACE) return undefined;
  const start = tokenStartBefore(text, end);
  if (start === undefined || !text.startsWith(TRAILING_ID, start - TRAILING_ID.length))
    return undefined;
  return cut(text, start, end);
}

/**
 * Whether `at`'s token is the id of the request `at.before + token + at.after` parses to, for
 * any token: the text is parsed with another token in its place and must give that value as
 * its id (a later `id` member, which `JSON.parse` would take instead, fails this). `text` must
 * be JSON.
 */
export function isIdAt(at: IdCut): boolean {
  const probe = at.token === '"?"' ? '"!"' : '"?"';
  const parsed = JSON.parse(`${at.before}${probe}${at.after}`) as { id?: unknown };
  return parsed.id === probe.slice(1, -1);
}

function cut(text: string, start: number, end: number): IdCut {
  const token = text.slice(start, end);
  const id = token.charCodeAt(0) === QUOTE ? token.slice(1, -1) : Number(token);
  return { before: text.slice(0, start), after: text.slice(end), token, id };
}

/** The index just past the id token starting at `start`, or undefined when there is none. */
function tokenEndFrom(text: string, start: number): number | undefined {
  const first = text.charCodeAt(start);
  if (first === QUOTE) {
    for (let i = start + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) return i + 1;
      if (!isPlainStringCharacter(c)) return undefined;
    }
    return undefined;
  }
  let i = first === MINUS ? start + 1 : start;
  const digitsFrom = i;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return isPlainInteger(text, digitsFrom, i) ? i : undefined;
}

/** The index of the id token ending just before `end`, or undefined when there is none. */
function tokenStartBefore(text: string, end: number): number | undefined {
  const last = end - 1;
  if (text.charCodeAt(last) === QUOTE) {
    for (let i = last - 1; i >= 0; i--) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) return i;
      if (!isPlainStringCharacter(c)) return undefined;
    }
    return undefined;
  }
  let i = end;
  while (i > 0 && isDigit(text.charCodeAt(i - 1))) i--;
  if (!isPlainInteger(text, i, end)) return undefined;
  return text.charCodeAt(i - 1) === MINUS ? i - 1 : i;
}

/** Digits `from`..`to` are `0` or 1–15 digits without a leading zero (and not `-0`). */
function isPlainInteger(text: string, from: number, to: number): boolean {
  const digits = to - from;
  if (digits === 0 || digits > MAX_DIGITS) return false;
  if (text.charCodeAt(from) !== ZERO) return true;
  return digits === 1 && text.charCodeAt(from - 1) !== MINUS;
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/** Printable ASCII but `"` and `\`: what a string token may hold to be read without decoding. */
function isPlainStringCharacter(c: number): boolean {
  return c >= 0x20 && c <= 0x7e && c !== QUOTE && c !== 0x5c;
}
