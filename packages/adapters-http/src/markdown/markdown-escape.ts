/**
 * Catalog texts are plain text (contract §2); in the Markdown twin they must stay plain text.
 * Paragraphs (blank-line separated) are kept, whitespace inside one is collapsed (so no line
 * can start a block: heading, list, quote, table, fence, indented code), and every character that
 * could start inline syntax — emphasis, code, links and images (`[`), autolinks and raw HTML
 * (`<`), entities (`&`), tables, strikethrough, escapes — is backslash-escaped (CommonMark §2.4:
 * any ASCII punctuation may be escaped). What a paragraph begins with is escaped too.
 */
export function markdownText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => markdownInline(paragraph))
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** One line of plain text made inert in Markdown. */
export function markdownInline(text: string): string {
  const escaped = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>&|~!{}]/g, (char) => `\\${char}`);
  // Block starts: headings, list items ("-", "+", "1." "1)"), thematic breaks, setext underlines.
  return escaped.replace(/^([#=+-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * An address as an autolink. Addresses are validated http(s) URLs; the characters an autolink
 * cannot hold (space, `<`, `>`) are percent-encoded so the link cannot end early.
 */
export function markdownAutolink(url: string): string {
  return `<${url.replace(/[\s<>]/g, (char) => encodeURIComponent(char))}>`;
}
