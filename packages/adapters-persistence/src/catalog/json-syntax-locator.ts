type Container = '{' | '[';
type Expecting = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'after-value';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const SIMPLE_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX = /^[0-9a-fA-F]{4}$/;
const DIGIT = /[0-9]/;

/**
 * Finds where JSON text first breaks RFC 8259: the index (in UTF-16 code units) of the offending
 * character, `text.length` when the text ends too early, or `undefined` when it is valid. Used only
 * after `JSON.parse` failed without saying where (V8's "Unexpected token" messages carry no
 * position). Iterative, so deep nesting cannot overflow the stack.
 */
export function locateJsonSyntaxError(text: string): number | undefined {
  const stack: Container[] = [];
  let expecting: Expecting = 'value';
  let i = 0;
  for (;;) {
    while (i < text.length && WHITESPACE.has(text.charAt(i))) i++;
    if (i >= text.length) return stack.length === 0 && expecting === 'after-value' ? undefined : i;
    const c = text.charAt(i);
    if (expecting === 'after-value') {
      const top = stack.at(-1);
      if (top === undefined) return i;
      if (c === ',') expecting = top === '{' ? 'key' : 'value';
      else if (c === (top === '{' ? '}' : ']')) stack.pop();
      else return i;
      i++;
    } else if (
      (expecting === 'key-or-close' && c === '}') ||
      (expecting === 'value-or-close' && c === ']')
    ) {
      stack.pop();
      expecting = 'after-value';
      i++;
    } else if (expecting === 'key' || expecting === 'key-or-close') {
      if (c !== '"') return i;
      const end = endOfString(text, i);
      if (end < 0) return -end - 1;
      i = end;
      while (i < text.length && WHITESPACE.has(text.charAt(i))) i++;
      if (text.charAt(i) !== ':') return i;
      i++;
      expecting = 'value';
    } else if (c === '{' || c === '[') {
      stack.push(c);
      expecting = c === '{' ? 'key-or-close' : 'value-or-close';
      i++;
    } else {
      const end = endOfScalar(text, i);
      if (end < 0) return -end - 1;
      i = end;
      expecting = 'after-value';
    }
  }
}

/** End (exclusive) of the string starting at `start`, or `-(error index) - 1`. */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '"') return i + 1;
    if (text.charCodeAt(i) < 0x20) return -i - 1;
    if (c === '\\') {
      const escape = text.charAt(i + 1);
      if (SIMPLE_ESCAPES.has(escape)) i += 2;
      else if (escape === 'u' && HEX.test(text.slice(i + 2, i + 6))) i += 6;
      else return -(i + 1) - 1;
    } else i++;
  }
  return -text.length - 1;
}

/** End (exclusive) of the string, number or literal starting at `start`, or `-(error index) - 1`. */
function endOfScalar(text: string, start: number): number {
  const c = text.charAt(start);
  if (c === '"') return endOfString(text, start);
  for (const literal of ['true', 'false', 'null']) {
    if (c === literal.charAt(0)) {
      for (let k = 1; k < literal.length; k++) {
        if (text.charAt(start + k) !== literal.charAt(k)) return -(start + k) - 1;
      }
      return start + literal.length;
    }
  }
  if (c !== '-' && !DIGIT.test(c)) return -start - 1;
  let i = c === '-' ? start + 1 : start;
  if (text.charAt(i) === '0') i++;
  else if (DIGIT.test(text.charAt(i))) while (DIGIT.test(text.charAt(i))) i++;
  else return -i - 1;
  if (text.charAt(i) === '.') {
    i++;
    if (!DIGIT.test(text.charAt(i))) return -i - 1;
    while (DIGIT.test(text.charAt(i))) i++;
  }
  if (text.charAt(i) === 'e' || text.charAt(i) === 'E') {
    i++;
    if (text.charAt(i) === '+' || text.charAt(i) === '-') i++;
    if (!DIGIT.test(text.charAt(i))) return -i - 1;
    while (DIGIT.test(text.charAt(i))) i++;
  }
  return i;
}
