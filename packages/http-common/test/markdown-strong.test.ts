import { describe, expect, it } from '@jest/globals';
import MarkdownIt from 'markdown-it';
import { markdownInline, markdownInlineStrong } from '../src/index.js';

const markdown = new MarkdownIt();
const rendered = (text: string) => markdown.renderInline(text);

/** The ranges of `parts` inside `text`, each at its first occurrence. */
const rangesOf = (text: string, ...parts: string[]): Array<[number, number]> =>
  parts.map((part) => {
    const start = text.indexOf(part);
    if (start < 0) throw new Error(`${part} is not in ${text}`);
    return [start, start + part.length];
  });

describe('markdownInlineStrong (highlights in the MCP text)', () => {
  it('bolds whole words and the beginning of a word, and nothing else', () => {
    const text = 'Runs PostgreSQL migrations fast.';
    const line = markdownInlineStrong(text, rangesOf(text, 'Postg', 'migrations'));
    expect(line).toBe('Runs **Postg**reSQL **migrations** fast.');
    expect(rendered(line)).toBe(
      'Runs <strong>Postg</strong>reSQL <strong>migrations</strong> fast.',
    );
  });

  it('leaves a part that starts or ends with punctuation plain, as its ** might not pair', () => {
    const text = 'Made for ASP.NET and C++ apps.';
    const line = markdownInlineStrong(text, rangesOf(text, '.NET', 'C++'));
    expect(line).toBe(markdownInline(text));
    expect(rendered(line)).not.toContain('<strong>');
  });

  it('keeps every catalog character inert around and inside the bold parts', () => {
    const text = '<b>x</b> **not bold** [link](javascript:x) snake_case `code` & more';
    const line = markdownInlineStrong(text, rangesOf(text, 'snake_case', 'more'));
    const html = rendered(line);
    expect(html.match(/<strong>/g)).toHaveLength(2);
    expect(html).toContain('<strong>snake_case</strong>');
    expect(html).toContain('<strong>more</strong>');
    expect(html).not.toMatch(/<b>|<a |<code>|<em>/);
    expect(html).toContain('**not bold**');
  });

  it('folds line breaks and escapes a line start as markdownInline does', () => {
    const text = '# Heading\nwith Redis\u2028- item';
    const line = markdownInlineStrong(text, rangesOf(text, 'Redis'));
    expect(line).toBe(markdownInline(text).replace('Redis', '**Redis**'));
    expect(markdownInlineStrong('1. Redis', rangesOf('1. Redis', 'Redis'))).toBe('1\\. **Redis**');
  });

  it('ignores ranges out of order, empty or outside the text', () => {
    const text = 'Redis and Postgres';
    expect(
      markdownInlineStrong(text, [
        [10, 18],
        [0, 5],
        [3, 3],
        [15, 40],
      ]),
    ).toBe('Redis and **Postgres**');
  });
});
