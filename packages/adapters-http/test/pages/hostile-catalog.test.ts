import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import MarkdownIt from 'markdown-it';
import { hostileTool } from './hostile-catalog.fixture.js';
import { startSite, type RunningSite } from './site-harness.js';

let site: RunningSite;
beforeAll(async () => {
  site = await startSite([hostileTool]);
});
afterAll(() => site.close());

const PAGES = [
  '/',
  '/search?q=script',
  '/search?q=likes+click',
  `/search?category=${encodeURIComponent(hostileTool.category!)}`,
  '/tools/hostile',
  '/tools/hostile/reviews/r1',
];

describe('a hostile catalog', () => {
  it.each(PAGES)('renders inert in %s', async (path) => {
    const res = await fetch(`${site.url}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(
      /<script(?! src="\/assets\/webmcp\.[0-9a-f]{10}\.js" defer><\/script>)/,
    );
    expect(html).not.toMatch(/<img|<b>|<i>|<a href="javascript/i);
    // Attribute values are quoted and escaped: with them emptied, no tag may carry a handler.
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son[a-z]+=/i);
    // The only anchors are ours or the catalog's http(s) addresses, escaped.
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g)) {
      expect(href).toMatch(/^(\/|#|https?:\/\/)/);
    }
  });

  it('renders inert in the Markdown twin, read by a Markdown renderer', async () => {
    const res = await fetch(`${site.url}/tools/hostile.md`);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const markdown = await res.text();
    const rendered = new MarkdownIt({ html: true }).render(markdown);
    expect(rendered).not.toMatch(/<script|<img|<b>|<i>|<strong>bold|<em>em|<code>code|<del>/i);
    expect(rendered).not.toMatch(/href="javascript/i);
    expect(rendered).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    // Headings and list items only where the twin puts them, never from catalog text.
    expect(rendered.match(/<h1>/g)).toHaveLength(1);
    expect(rendered).not.toContain('<blockquote>\n<p>quote');
    expect(rendered).not.toContain('<hr>');
    const hrefs = [...rendered.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    for (const href of hrefs)
      expect(href).toMatch(/^(https?:\/\/|mailto:rights@reviews\.example$)/);
    expect(hrefs).toContain('https://evil.example/%22%3E%3Cscript%3Ex%3C/script%3E');
  });
});
