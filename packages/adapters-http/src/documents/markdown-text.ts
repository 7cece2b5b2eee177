/**
 * Plain text made inert for Markdown: every ASCII punctuation character CommonMark gives a
 * meaning to is backslash-escaped (so `[x](y)`, `<script>`, `&amp;`, `*` and backticks stay text)
 * and line breaks become spaces (so a text cannot open a heading or a list).
 */
export function markdownText(text: string): string {
  return text.replace(/\r\n?|\n/g, ' ').replace(/[\\`*_{}[\]()<>#+\-.!|&~"']/g, '\\$&');
}
