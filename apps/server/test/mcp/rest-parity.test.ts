import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { aCatalog, aReview, aStackTag, aTool } from '@reviews/domain/testing';
import { startRestAndMcp, type RunningApp } from './support/rest-and-mcp-app.js';

/**
 * For the same request, MCP's `structuredContent` is exactly the REST body (docs/mcp.md#tools); for
 * a refused request, the `isError` text is exactly the REST `error` message — for both protocol
 * generations: the v1 SDK client (2025-11-25, initialize) and the v2 client pinned to 2026-07-28
 * (no handshake, no fallback).
 */
const catalog = aCatalog(
  aTool()
    .withId('pgbeam')
    .named('PgBeam')
    .describedAs('A query console for PostgreSQL.')
    .inCategory('Databases')
    .withReviews(
      aReview().reviewedOn('2026-03-01').withLikes('Fast autocomplete for migrations.'),
      ...Array.from({ length: 24 }, (_, i) =>
        aReview().reviewedOn(`2024-${String((i % 12) + 1).padStart(2, '0')}-0${1 + (i % 9)}`),
      ),
    )
    .withStackTags(aStackTag('TypeScript')),
  aTool()
    .withId('quillsort')
    .named('Quillsort')
    .describedAs('Sorts imports.')
    .inCategory('Editors')
    .withReviews(aReview().reviewedOn('2026-05-01').withDislikes('Breaks PostgreSQL migrations.')),
  aTool().withId('nocat').named('Nocat').inCategory(null),
  ...Array.from({ length: 33 }, (_, i) =>
    aTool()
      .withId(`filler-${String(i).padStart(2, '0')}`)
      .named(`Filler ${i}`)
      .inCategory(i % 2 === 0 ? 'Testing' : 'Databases')
      .withReviews(aReview().reviewedOn(`2025-0${1 + (i % 9)}-1${i % 10}`)),
  ),
);

/** What the parity checks need of a connected client, whichever generation. */
interface ToolCaller {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{
    content?: unknown;
    structuredContent?: unknown;
    isError?: unknown;
  }>;
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  close(): Promise<void>;
}

const generations: ReadonlyArray<{
  label: string;
  version: string;
  connect(url: string): Promise<{ caller: ToolCaller; version: () => string | undefined }>;
}> = [
  {
    label: 'v1 SDK client, protocol 2025-11-25',
    version: '2025-11-25',
    async connect(url) {
      const client = new ClientV1({ name: 'parity-test', version: '1.0.0' });
      const transport = new TransportV1(new URL(url));
      await client.connect(transport);
      return { caller: client as ToolCaller, version: () => transport.protocolVersion };
    },
  },
  {
    label: 'v2 client pinned to protocol 2026-07-28',
    version: '2026-07-28',
    async connect(url) {
      const client = new Client(
        { name: 'parity-test', version: '2.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return {
        caller: client as unknown as ToolCaller,
        version: () => client.getNegotiatedProtocolVersion(),
      };
    },
  },
];

let app: RunningApp;
let client: ToolCaller;
beforeAll(async () => {
  app = await startRestAndMcp(catalog);
});
afterAll(() => app.close());

interface Both {
  readonly status: number;
  readonly rest: unknown;
  /** `structuredContent` of a result, or `{ error: text }` of an `isError` one. */
  readonly mcp: unknown;
}

async function both(restPath: string, tool: string, args: Record<string, unknown>): Promise<Both> {
  const res = await fetch(`${app.url}${restPath}`);
  const result = await client.callTool({ name: tool, arguments: args });
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  const text = content.find((item) => item.type === 'text');
  const mcp = result.isError === true ? { error: text?.text } : result.structuredContent;
  return { status: res.status, rest: await res.json(), mcp };
}

describe.each(generations)('$label', (generation) => {
  beforeAll(async () => {
    const connected = await generation.connect(app.mcpUrl);
    client = connected.caller;
    expect(connected.version()).toBe(generation.version);
  });
  afterAll(() => client.close());

  it('lists the same two tools', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'search_tools',
      'get_tool',
    ]);
  });

  describe('search_tools and GET /api/v1/tools give the same body', () => {
    it.each([
      ['browse', '', {}],
      ['one keyword', '?q=postgres', { q: 'postgres' }],
      ['keywords (AND, prefixes)', '?q=postgre+migrat', { q: 'postgre migrat' }],
      ['a category', '?category=Databases', { category: 'Databases' }],
      [
        'keyword and category',
        '?q=filler&category=Testing&limit=3',
        { q: 'filler', category: 'Testing', limit: 3 },
      ],
      ['a category that names none', '?category=Nothing', { category: 'Nothing' }],
      ['a cursor past the end', '?cursor=500', { cursor: '500' }],
    ])('%s', async (_case, query, args) => {
      const { status, rest, mcp } = await both(`/api/v1/tools${query}`, 'search_tools', args);
      expect(status).toBe(200);
      expect(mcp).toEqual(rest);
    });

    it('page by page until nextCursor is null', async () => {
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=7${cursor === null ? '' : `&cursor=${cursor}`}`;
        const args = cursor === null ? { limit: 7 } : { limit: 7, cursor };
        const { rest, mcp } = await both(`/api/v1/tools${query}`, 'search_tools', args);
        expect(mcp).toEqual(rest);
        cursor = (rest as { nextCursor: string | null }).nextCursor;
        pages++;
      } while (cursor !== null);
      expect(pages).toBe(6);
    });
  });

  describe('get_tool and GET /api/v1/tools/{id} give the same body', () => {
    it('for a tool with stacks, and for one without a category', async () => {
      for (const id of ['pgbeam', 'nocat']) {
        const { status, rest, mcp } = await both(`/api/v1/tools/${id}`, 'get_tool', { id });
        expect(status).toBe(200);
        expect(mcp).toEqual(rest);
      }
    });

    it('page by page through the reviews until nextCursor is null', async () => {
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=20${cursor === null ? '' : `&cursor=${cursor}`}`;
        const args =
          cursor === null ? { id: 'pgbeam', limit: 20 } : { id: 'pgbeam', limit: 20, cursor };
        const { rest, mcp } = await both(`/api/v1/tools/pgbeam${query}`, 'get_tool', args);
        expect(mcp).toEqual(rest);
        cursor = (rest as { nextCursor: string | null }).nextCursor;
        pages++;
      } while (cursor !== null);
      expect(pages).toBe(2);
    });
  });

  describe('refusals carry the REST error message as the isError text', () => {
    it.each([
      ['unknown id', 404, '/api/v1/tools/no-such-tool', 'get_tool', { id: 'no-such-tool' }],
      ['id with a space', 400, '/api/v1/tools/pg%20beam', 'get_tool', { id: 'pg beam' }],
      ['limit 0', 400, '/api/v1/tools?limit=0', 'search_tools', { limit: 0 }],
      [
        'limit 21 on detail',
        400,
        '/api/v1/tools/pgbeam?limit=21',
        'get_tool',
        { id: 'pgbeam', limit: 21 },
      ],
      ['cursor not digits', 400, '/api/v1/tools?cursor=abc', 'search_tools', { cursor: 'abc' }],
      ['cursor too deep', 400, '/api/v1/tools?cursor=1000', 'search_tools', { cursor: '1000' }],
      [
        'cursor too deep on detail',
        400,
        '/api/v1/tools/pgbeam?cursor=1000',
        'get_tool',
        { id: 'pgbeam', cursor: '1000' },
      ],
      [
        '13 keywords',
        400,
        '/api/v1/tools?q=a+b+c+d+e+f+g+h+i+j+k+l+m',
        'search_tools',
        { q: 'a b c d e f g h i j k l m' },
      ],
      [
        'q over 200 characters',
        400,
        `/api/v1/tools?q=${'x'.repeat(201)}`,
        'search_tools',
        { q: 'x'.repeat(201) },
      ],
      ['q without a keyword', 400, '/api/v1/tools?q=%2B+-', 'search_tools', { q: '+ -' }],
    ])('%s', async (_case, status, restPath, tool, args) => {
      const both_ = await both(restPath, tool, args);
      expect(both_.status).toBe(status);
      expect(both_.mcp).toEqual(both_.rest);
    });
  });
});
