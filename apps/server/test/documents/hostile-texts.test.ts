import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLValidator } from 'fast-xml-parser';
import MarkdownIt from 'markdown-it';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CheckedServer } from '../support/openapi-checked-server.js';
import { atomText, parseAtom, type AiCatalogShape } from './document-links.js';
import { startDocumentServer } from './document-server.js';

/** Every trick a catalog or configuration text could try on a feed reader or a Markdown view. */
const HOSTILE =
  '<script>alert("x")</script> ]]> ]]> & &amp; &lt; "double" \'single\' [click](javascript:alert(1)) <a href="https://evil.example/">evil</a> **bold** `code` # not a heading';
const SERVICE_NAME = 'Reviews <script>alert(1)</script> & &amp; [x](javascript:y) ]]>';
const HOLDER = 'Holder <b>]]></b> &amp; "Q"';
const AUTHOR = 'Eve <img src=x onerror=alert(1)> &amp; "Q" ]]>';
const TOOL_NAME = 'Evil <script>alert(2)</script> & [x](https://evil.example/)';
/**
 * Every line break a catalog description may hold, each followed by what would start a block
 * (the catalog refuses the other controls; the renderers fold those too, see their own tests).
 */
const BREAKS = ['\u0085', '\u2028', '\u2029', '\r\n', '\r', '\n'];
const BROKEN = `Plain start.${BREAKS.map((mark, i) => `${mark}# Heading ${i}`).join('')}`;

const work = mkdtempSync(path.join(tmpdir(), 'reviews-hostile-'));
const catalogFile = path.join(work, 'hostile.json');
writeFileSync(
  catalogFile,
  JSON.stringify({
    schemaVersion: 1,
    publishedAt: '2026-11-16T09:00:00Z',
    tools: [
      {
        id: 'evil-tool',
        name: TOOL_NAME,
        description: HOSTILE,
        website: 'https://evil.example/?a=1&b=<2>',
        category: 'Cat <i>&amp;</i>',
        reviews: [
          {
            id: 'r-1',
            revisionId: 'r-1-v1',
            reviewedOn: '2026-10-02',
            updatedAt: '2026-10-03T08:00:00Z',
            author: { name: AUTHOR, url: 'https://evil.example/author?x=1&y="2"' },
            likes: HOSTILE,
            dislikes: HOSTILE,
          },
        ],
        stacks: null,
      },
      {
        id: 'broken-lines',
        name: 'Broken lines',
        description: BROKEN,
        website: 'https://broken.example/',
        category: null,
        reviews: [],
        stacks: null,
      },
    ],
  }),
);

let server: CheckedServer;
beforeAll(async () => {
  server = await startDocumentServer({
    CATALOG_FILE: catalogFile,
    SERVICE_NAME,
    HISTORICAL_NOTICE: HOSTILE,
    RIGHTS_COPYRIGHT_HOLDER: HOLDER,
    RIGHTS_STATEMENT: HOSTILE,
    RIGHTS_USAGE_TERMS: HOSTILE,
    RIGHTS_CONTACT: '<a href="javascript:alert(3)">contact</a>',
  });
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const text = async (p: string) => (await fetch(`${server.url}${p}`)).text();

/** What an HTML reader shows for a `type="html"` Atom text. */
function htmlToText(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Markdown rendered the most permissive way (raw HTML allowed), as a careless viewer would. */
const markdown = new MarkdownIt({ html: true, linkify: false });

function expectInertHtml(rendered: string): void {
  expect(rendered).not.toMatch(/<script/i);
  expect(rendered).not.toMatch(/<img|<b>|<i>|<strong>bold/i);
  expect(rendered).not.toMatch(/href="(javascript:|https:\/\/evil\.example)/);
  expect(rendered).not.toMatch(/<h1>not a heading|<code>code/);
}

describe('a hostile catalog and configuration render inert', () => {
  it('in the Atom feed: well-formed XML, HTML texts escaped, plain texts exact', async () => {
    const xml = await text('/reviews/feed.xml');
    expect(XMLValidator.validate(xml)).toBe(true);
    const atom = parseAtom(xml);
    expect(atom.feed.title).toBe(`${SERVICE_NAME}: review changes`);
    expect(atom.feed.subtitle).toBe(HOSTILE);
    expect(atom.feed.author?.[0]?.name).toBe(HOLDER);
    const entry = atom.feed.entry[0]!;
    const title = atomText(entry.title);
    expect(title.type).toBe('html');
    expect(title.text).not.toContain('<');
    expect(htmlToText(title.text)).toBe(`${TOOL_NAME}: review of 2026-10-02`);
    const summary = atomText(entry.summary);
    expect(summary.type).toBe('html');
    expect(summary.text).not.toContain('<');
    expect(htmlToText(summary.text)).toBe(`Likes: ${HOSTILE} Dislikes: ${HOSTILE}`);
    expect(entry.author?.[0]).toMatchObject({
      name: AUTHOR,
      uri: 'https://evil.example/author?x=1&y=%222%22',
    });
  });

  it.each(['/developers.md', '/llms.txt', '/auth.md'])(
    'in %s: no markup, no link, the text shown as written',
    async (document) => {
      const body = await text(document);
      const rendered = markdown.render(body);
      expectInertHtml(rendered);
      const shown = htmlToText(rendered.replace(/<[^>]+>/g, ''));
      expect(shown).toContain(SERVICE_NAME.replace(/\s+/g, ' '));
      if (document === '/developers.md') expect(shown).toContain(HOSTILE);
    },
  );

  it('in the Markdown twin and the MCP text, folded the same way: one line, no heading', async () => {
    const twin = await text('/tools/broken-lines.md');
    const mcp = (await (
      await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          'Mcp-Protocol-Version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'get_tool', arguments: { id: 'broken-lines' } },
        }),
      })
    ).json()) as { result: { content: Array<{ text: string }> } };
    const mcpText = mcp.result.content[0]!.text;
    // One line, so no `#` starts one (a `#` inside a line needs no escape).
    const folded = `Plain start.${BREAKS.map((_, i) => ` # Heading ${i}`).join('')}`;
    for (const output of [twin, mcpText]) {
      const lines = output.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
      expect(lines).toContain(folded);
      expect(lines.filter((line) => line.includes('Heading'))).toEqual([folded]);
      expect(markdown.render(output).match(/<h1>/g)).toEqual(['<h1>']);
    }
  });

  it('in the MCP text of a search with facets and highlights: bold only where we put it', async () => {
    const mcp = (await (
      await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          'Mcp-Protocol-Version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'search_tools',
            arguments: { q: 'script click', facets: ['category'], highlight: true },
          },
        }),
      })
    ).json()) as { result: { content: Array<{ text: string }> } };
    const rendered = markdown.render(mcp.result.content[0]!.text);
    expectInertHtml(rendered);
    expect(rendered).toContain('&lt;<strong>script</strong>&gt;');
    expect(rendered).toContain('[<strong>click</strong>](javascript:alert(1))');
    expect(rendered).toContain('Categories of every match: Cat &lt;i&gt;&amp;amp;&lt;/i&gt; (1).');
  });

  it('in the JSON documents and the export: exact strings, nothing interpreted', async () => {
    const ai = JSON.parse(await text('/.well-known/ai-catalog.json')) as AiCatalogShape;
    expect(ai.host.displayName).toBe(SERVICE_NAME);
    const archive = JSON.parse(await text('/reviews/index.json')) as {
      tools: Array<{ name: string; reviews: Array<{ likes: string; author: { name: string } }> }>;
    };
    expect(archive.tools[0]!.name).toBe(TOOL_NAME);
    expect(archive.tools[0]!.reviews[0]!.likes).toBe(HOSTILE);
    expect(archive.tools[0]!.reviews[0]!.author.name).toBe(AUTHOR);
    JSON.parse(await text('/.well-known/api-catalog'));
  });

  it('in the OpenAPI document and the API reference page', async () => {
    const doc = JSON.parse(await text('/api/v1/openapi.json')) as {
      info: { title: string; description: string };
    };
    expect(doc.info.title).toBe(SERVICE_NAME);
    expectInertHtml(markdown.render(doc.info.description));
    const page = await text('/docs');
    expect(page).not.toContain('<script>alert');
    expect(page).toContain(
      '<title>API reference · Reviews &lt;script&gt;alert(1)&lt;/script&gt; &amp;',
    );
  });
});
