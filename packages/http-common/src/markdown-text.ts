/**
 * Catalog and configuration texts are plain text (docs/cli.md#catalog-format), and every Markdown
 * output — the Markdown twin, the MCP tool text, the Markdown documents — must keep them plain
 * text. These are the only functions that put such a text into Markdown.
 */

/**
 * Every character that ends or separates a line somewhere — JavaScript's `\s` (which has
 * U+2028 and U+2029, VT and FF), NEL (U+0085), and the other C0/C1 controls — as one run.
 * CommonMark breaks lines only at LF and CR, but other renderers and models also break at NEL
 * and U+2028/2029, so all of them are folded.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const LINE_BREAKS_AND_SPACES = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/** A line ending (CRLF, CR or LF) followed by at least one more after blanks: a blank line. */
const BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)(?:[^\S\r\n]*(?:\r\n|\r(?!\n)|\n))+/;

/** `text` on one line: every run of line breaks, spaces and controls is one space; trimmed. */
export function foldToOneLine(text: string): string {
  return text.replace(LINE_BREAKS_AND_SPACES, ' ').trim();
}

/**
 * One line of plain text made inert in Markdown: folded to one line (so no part of it can start a
 * block: heading, list, quote, table, fence, indented code), every character that could start
 * inline syntax — emphasis, code, links and images (`[`), autolinks and raw HTML (`<`), entities
 * (`&`), tables, strikethrough, escapes — backslash-escaped (CommonMark §2.4: any ASCII
 * punctuation may be escaped), and what the line begins with escaped too.
 */
export function markdownInline(text: string): string {
  return inertLine(escapeInline(text).trim());
}

/**
 * {@link markdownInline} with the parts `[start, end)` of `text` (UTF-16 offsets, ordered, not
 * overlapping, as search highlights are) in bold, where bold stays safe: only a part that begins
 * and ends with a letter or digit, so its `**` delimiters are always a strong emphasis that
 * opens and closes (CommonMark's flanking rules) and can never join or break the escapes around
 * them. Other parts stay plain text.
 */
export function markdownInlineStrong(
  text: string,
  parts: readonly (readonly [number, number])[],
): string {
  let out = '';
  let at = 0;
  for (const [start, end] of parts) {
    if (start < at || end <= start || end > text.length || !boldable(text.slice(start, end)))
      continue;
    out += escapeInline(text.slice(at, start)) + `**${escapeInline(text.slice(start, end))}**`;
    at = end;
  }
  return inertLine((out + escapeInline(text.slice(at))).trim());
}

const LETTER_OR_DIGIT_AT_BOTH_ENDS = /^[\p{L}\p{N}](?:[^]*[\p{L}\p{N}])?$/u;
/** A part to bold: letters or digits at both ends, and no space or line break inside. */
const boldable = (part: string): boolean =>
  LETTER_OR_DIGIT_AT_BOTH_ENDS.test(part) &&
  !foldToOneLine(part).includes(' ') &&
  foldToOneLine(part) === part;

/** Every run of line breaks and spaces as one space, and inline syntax backslash-escaped. */
const escapeInline = (text: string): string =>
  text.replace(LINE_BREAKS_AND_SPACES, ' ').replace(/[\\`*_[\]<>&|~!{}]/g, (char) => `\\${char}`);

/** Block starts: headings, list items ("-", "+", "1." "1)"), thematic breaks, setext underlines. */
const inertLine = (escaped: string): string =>
  escaped.replace(/^([#=+-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');

/**
 * Plain prose made inert in Markdown: its paragraphs (separated by blank lines) are kept, each
 * made one inert line by `markdownInline`.
 */
export function markdownText(text: string): string {
  return text
    .split(BLANK_LINE)
    .map((paragraph) => markdownInline(paragraph))
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/**
 * An address as an autolink, `<https://…>`, with every character that could end the autolink
 * or mean something in Markdown (brackets, parentheses, angle brackets, emphasis, backslash,
 * backtick, quotes, whitespace, controls, anything outside ASCII) percent-encoded: a catalog
 * value like `https://a.example/)](https://evil.example/)` stays one inert address.
 */
export function markdownAutolink(url: string): string {
  const safe = Array.from(url, (char) =>
    /^[A-Za-z0-9\-.~:/?#@!$&'+,;=%]$/.test(char) ? char : percentEncoded(char),
  ).join('');
  return `<${safe}>`;
}

const utf8 = new TextEncoder();

function percentEncoded(char: string): string {
  return Array.from(
    utf8.encode(char),
    (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}
