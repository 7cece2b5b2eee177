import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UriTemplate } from '@modelcontextprotocol/server';
import { toolMarkdown } from '@reviews/http-common';
import { aTool } from '@reviews/domain/testing';
import { fixtureTools } from './support/catalog-fixture.js';
import { clientGenerations, type ConnectedClient } from './support/mcp-clients.js';
import { startMcpApi, testProfile, type RunningMcpApi } from './support/mcp-harness.js';

/**
 * Resources, prompts and completions (docs/mcp.md#resources, #prompts, #completions) over a real
 * port, through the official SDK clients of both protocol generations.
 */
let api: RunningMcpApi;
beforeAll(async () => {
  api = await startMcpApi(fixtureTools());
});
afterAll(() => api.close());

const PAGE_KEY = 'dev.reviews-example/url';

function twinOf(id: string): string {
  const detail = api.getTool.execute({ id });
  if (!detail.ok) throw new Error(detail.error.message);
  return toolMarkdown(detail.value, undefined);
}

/** The JSON-RPC error a client call was refused with. */
async function refusal(
  call: Promise<unknown>,
): Promise<{ code: number; message: string; data?: unknown }> {
  try {
    await call;
  } catch (error) {
    return error as { code: number; message: string; data?: unknown };
  }
  throw new Error('the call was expected to be refused');
}

describe.each(clientGenerations)('$label', (generation) => {
  let client: ConnectedClient;
  beforeAll(async () => {
    client = await generation.connect(api.mcpUrl);
    expect(client.protocolVersion()).toBe(generation.protocolVersion);
  });
  afterAll(() => client.close());

  it('lists the three resource templates, all Markdown', async () => {
    const templates = await client.listResourceTemplates();
    expect(templates.map((t) => [t.uriTemplate, t['mimeType']])).toEqual([
      ['reviews://tools/{id}', 'text/markdown'],
      ['reviews://tools/{id}/reviews/{reviewId}', 'text/markdown'],
      ['reviews://categories/{category}', 'text/markdown'],
    ]);
  });

  it('lists every tool as a resource that names its web page, newest review first', async () => {
    const page = await client.listResourcesPage();
    expect(page.nextCursor).toBeUndefined();
    expect(page.items).toHaveLength(fixtureTools().length);
    expect(page.items[0]).toMatchObject({
      uri: 'reviews://tools/quillsort',
      name: 'quillsort',
      title: 'Quillsort',
      mimeType: 'text/markdown',
      description: 'Category Editors. Sorts imports.',
      _meta: { [PAGE_KEY]: `${testProfile.baseUrl}/tools/quillsort` },
    });
  });

  it("reads a tool's resource: the very text of its Markdown twin, naming its web page", async () => {
    const read = await client.readResource('reviews://tools/pgbeam');
    expect(read.contents).toEqual([
      {
        uri: 'reviews://tools/pgbeam',
        mimeType: 'text/markdown',
        text: twinOf('pgbeam'),
        _meta: { [PAGE_KEY]: `${testProfile.baseUrl}/tools/pgbeam` },
      },
    ]);
    // The twin's own link to its next page of reviews (12 reviews, 10 per page).
    expect(read.contents[0]?.text).toContain(`<${testProfile.baseUrl}/tools/pgbeam.md?cursor=10>`);
  });

  it('reads one review, with the address to cite and its date', async () => {
    const detail = api.getTool.execute({ id: 'quillsort' });
    if (!detail.ok) throw new Error(detail.error.message);
    const review = detail.value.reviews[0]!;
    const uri = `reviews://tools/quillsort/reviews/${review.id}`;
    const read = await client.readResource(uri);
    expect(read.contents[0]).toMatchObject({
      uri,
      mimeType: 'text/markdown',
      _meta: { [PAGE_KEY]: review.url },
    });
    expect(read.contents[0]?.text).toContain(`- Cite: <${review.url}> (reviewed 2026-05-01)`);
    expect(read.contents[0]?.text).toContain('Breaks PostgreSQL migrations.');
    expect(read.contents[0]?.text?.startsWith('# Quillsort: review of 2026-05-01')).toBe(true);
  });

  it("reads a category: its first 20 tools in REST's browse order, naming its web page", async () => {
    const read = await client.readResource('reviews://categories/Testing');
    const [content] = read.contents;
    expect(read.contents).toHaveLength(1);
    expect(content).toMatchObject({
      uri: 'reviews://categories/Testing',
      mimeType: 'text/markdown',
      _meta: { [PAGE_KEY]: `${testProfile.baseUrl}/search?category=Testing` },
    });
    const text = content?.text ?? '';
    expect(text.startsWith('# Category: Testing\n')).toBe(true);
    expect(text).toContain(
      `23 tools; the first 20 here, most recently reviewed first. Web page: <${testProfile.baseUrl}/search?category=Testing>`,
    );
    const browse = api.searchTools.execute({ category: 'Testing', limit: 20 });
    if (!browse.ok) throw new Error(browse.error.message);
    const listed = [...text.matchAll(/^\d+\. \*\*.*\*\* · id `([^`]+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual(browse.value.items.map((item) => item.id));
    expect(listed).toHaveLength(20);
    expect(text).toContain('cursor "20"');
    expect(text).toContain(`Notice: ${testProfile.historicalNotice}`);
    expect(text).toContain('## Rights');

    const small = await client.readResource('reviews://categories/Editors');
    expect(small.contents[0]?.text).toContain('1 tool; all here');
    expect(small.contents[0]?.text).toContain('Last page (nextCursor is null).');
  });

  it('refuses a resource that names nothing with -32602 and the URI in data', async () => {
    for (const uri of [
      'reviews://tools/no-such-tool',
      'reviews://tools/quillsort/reviews/no-such-review',
      'reviews://tools/bad%20id',
      'reviews://categories/testing',
      'reviews://categories/No%20such%20category',
      'reviews://categories/%E0%A4',
      'test://static-text',
    ]) {
      const error = await refusal(client.readResource(uri));
      expect([uri, error.code]).toEqual([uri, -32602]);
      expect(error.data).toMatchObject({ uri });
    }
    const unknownTool = await refusal(client.readResource('reviews://tools/no-such-tool'));
    expect(unknownTool.message).toMatch(/No tool has the id "no-such-tool"/);
    const unknownCategory = await refusal(client.readResource('reviews://categories/testing'));
    expect(unknownCategory.message).toMatch(/No category is named "testing"/);
  });

  it('lists the two prompts with their arguments, from the shared schemas', async () => {
    const prompts = await client.listPrompts();
    expect(prompts.map((p) => [p['name'], p['arguments']])).toEqual([
      ['evaluate_tool', [{ name: 'id', description: expect.any(String), required: true }]],
      [
        'compare_tools',
        [{ name: 'ids', description: expect.stringMatching(/2 to 5 tool ids/), required: true }],
      ],
    ]);
    for (const prompt of prompts) expect(prompt['description']).toEqual(expect.any(String));
  });

  it("evaluate_tool gives the tool's dated reviews (its twin) with the citation rules", async () => {
    const prompt = await client.getPrompt('evaluate_tool', { id: 'pgbeam' });
    const [task, twin] = prompt.messages;
    expect(task?.role).toBe('user');
    expect(task?.content.text).toMatch(/Evaluate the developer tool PgBeam \(id `pgbeam`\)/);
    expect(task?.content.text).toMatch(/Cite every review you use by its url and reviewedOn date/);
    expect(task?.content.text).toMatch(/get_tool with id "pgbeam" and cursor "10"/);
    expect(twin?.content).toEqual({
      type: 'resource',
      resource: {
        uri: 'reviews://tools/pgbeam',
        mimeType: 'text/markdown',
        text: twinOf('pgbeam'),
      },
    });
  });

  it('compare_tools puts 2 to 5 tools side by side, dated, each twin attached', async () => {
    const prompt = await client.getPrompt('compare_tools', { ids: 'quillsort, pgbeam' });
    const [task, ...twins] = prompt.messages;
    expect(task?.content.text).toContain(
      '| Quillsort | `quillsort` | Editors | 1: 2026-05-01 – 2026-05-01 | not researched |',
    );
    expect(task?.content.text).toContain(
      '| PgBeam | `pgbeam` | Databases | 10 (more exist): 2026-03-01 – 2025-04-01 |',
    );
    expect(task?.content.text).toMatch(/Cite every review you use/);
    expect(twins.map((m) => m.content.resource?.uri)).toEqual([
      'reviews://tools/quillsort',
      'reviews://tools/pgbeam',
    ]);
  });

  it('refuses bad prompt arguments with -32602 naming the argument and the rule, as for tools', async () => {
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['compare_tools', { ids: 'pgbeam' }, /ids must list 2 to 5 different tool ids/],
      ['compare_tools', { ids: 'a,b,c,d,e,f' }, /ids must list 2 to 5 different tool ids/],
      ['compare_tools', { ids: 'pgbeam, pgbeam' }, /ids must list 2 to 5 different tool ids/],
      ['compare_tools', { ids: 'pgbeam, no-such-tool' }, /No tool has the id "no-such-tool"/],
      ['evaluate_tool', {}, /id must be a tool id from search results/],
      ['evaluate_tool', { id: 'bad id' }, /id may contain only letters, digits/],
      [
        'evaluate_tool',
        { id: 'pgbeam', limit: '3' },
        /unknown argument limit \(evaluate_tool takes id\)/,
      ],
      ['no_such_prompt', {}, /Unknown prompt "no_such_prompt"/],
    ];
    for (const [name, args, message] of cases) {
      const error = await refusal(client.getPrompt(name, args));
      expect([name, args, error.code]).toEqual([name, args, -32602]);
      expect(error.message).toMatch(message);
    }
  });

  it('completes tool ids by the beginning of an id or a name, in prompts and templates', async () => {
    expect(
      await client.complete({
        ref: { type: 'ref/prompt', name: 'evaluate_tool' },
        argument: { name: 'id', value: 'Quill' },
      }),
    ).toEqual({ values: ['quillsort'], hasMore: false });
    expect(
      await client.complete({
        ref: { type: 'ref/resource', uri: 'reviews://tools/{id}' },
        argument: { name: 'id', value: 'pg' },
      }),
    ).toEqual({ values: ['pgbeam'], hasMore: false });
    const fillers = await client.complete({
      ref: { type: 'ref/resource', uri: 'reviews://tools/{id}/reviews/{reviewId}' },
      argument: { name: 'id', value: 'fil' },
    });
    expect(fillers.values).toHaveLength(20);
    expect(fillers.hasMore).toBe(true);
  });

  it('completes the last id of compare_tools, and the review ids of the tool already given', async () => {
    expect(
      await client.complete({
        ref: { type: 'ref/prompt', name: 'compare_tools' },
        argument: { name: 'ids', value: 'pgbeam, qu' },
      }),
    ).toEqual({ values: ['pgbeam, quillsort'], hasMore: false });
    const detail = api.getTool.execute({ id: 'pgbeam', limit: 20 });
    if (!detail.ok) throw new Error(detail.error.message);
    const reviews = await client.complete({
      ref: { type: 'ref/resource', uri: 'reviews://tools/{id}/reviews/{reviewId}' },
      argument: { name: 'reviewId', value: '' },
      context: { arguments: { id: 'pgbeam' } },
    });
    expect(reviews.values).toEqual(detail.value.reviews.map((review) => review.id));
  });

  it('completes category names by their beginning, whatever the case, by name', async () => {
    const category = (value: string) =>
      client.complete({
        ref: { type: 'ref/resource', uri: 'reviews://categories/{category}' },
        argument: { name: 'category', value },
      });
    expect(await category('')).toEqual({
      values: ['Databases', 'Editors', 'Testing'],
      hasMore: false,
    });
    expect(await category('TE')).toEqual({ values: ['Testing'], hasMore: false });
    expect(await category('x')).toEqual({ values: [], hasMore: false });
  });

  it('refuses completion for a prompt, template or argument this server does not have', async () => {
    const unknownPrompt = await refusal(
      client.complete({
        ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
        argument: { name: 'arg1', value: 'x' },
      }),
    );
    expect(unknownPrompt).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Unknown prompt/),
    });
    const unknownArgument = await refusal(
      client.complete({
        ref: { type: 'ref/prompt', name: 'evaluate_tool' },
        argument: { name: 'category', value: '' },
      }),
    );
    expect(unknownArgument.message).toMatch(
      /evaluate_tool has no argument "category"; it takes id/,
    );
  });
});

describe('category resources with names to encode, escape and fold, and many categories', () => {
  const awkward = 'Bases de données & *outils* / SQL';
  let many: RunningMcpApi;
  beforeAll(async () => {
    many = await startMcpApi([
      aTool().withId('dbx').named('DBX').inCategory(awkward).build(),
      ...Array.from({ length: 104 }, (_, i) =>
        aTool()
          .withId(`kind-${i}`)
          .inCategory(`Kind ${String(i).padStart(3, '0')}`)
          .build(),
      ),
    ]);
  });
  afterAll(() => many.close());

  it.each(clientGenerations)(
    'completes, expands and reads a category, up to 100 names at a time ($label)',
    async (generation) => {
      const client = await generation.connect(many.mcpUrl);
      try {
        const complete = (value: string) =>
          client.complete({
            ref: { type: 'ref/resource', uri: 'reviews://categories/{category}' },
            argument: { name: 'category', value },
          });
        expect(await complete('bases de DONNEES')).toEqual({ values: [awkward], hasMore: false });
        const kind = (i: number) => `Kind ${String(i).padStart(3, '0')}`;
        // Far more than 20: every category of a catalog with fewer than 100, as an empty value.
        expect(await complete('kind 0')).toEqual({
          values: Array.from({ length: 100 }, (_, i) => kind(i)),
          hasMore: false,
        });
        const all = await complete('');
        expect(all.values).toEqual([awkward, ...Array.from({ length: 99 }, (_, i) => kind(i))]);
        expect(all.hasMore).toBe(true);

        // What a client does with the completed value: RFC 6570 expansion, then resources/read.
        const uri = new UriTemplate('reviews://categories/{category}').expand({
          category: awkward,
        });
        const read = await client.readResource(uri);
        const page = `${testProfile.baseUrl}/search?${new URLSearchParams({ category: awkward }).toString()}`;
        expect(read.contents[0]).toMatchObject({ uri, _meta: { [PAGE_KEY]: page } });
        expect(read.contents[0]?.text).toContain(
          '# Category: Bases de données \\& \\*outils\\* / SQL\n',
        );
        expect(read.contents[0]?.text).toContain('· id `dbx` · category Bases de données \\&');
      } finally {
        await client.close();
      }
    },
  );
});

describe('resources/list paging', () => {
  let many: RunningMcpApi;
  beforeAll(async () => {
    many = await startMcpApi(
      Array.from({ length: 120 }, (_, i) =>
        aTool()
          .withId(`tool-${String(i).padStart(3, '0')}`)
          .named(`Tool ${i}`)
          .build(),
      ),
    );
  });
  afterAll(() => many.close());

  it.each(clientGenerations)(
    'pages through every tool with the cursor ($label)',
    async (generation) => {
      const client = await generation.connect(many.mcpUrl);
      try {
        const uris: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await client.listResourcesPage(cursor);
          uris.push(...page.items.map((item) => item.uri));
          cursor = page.nextCursor;
          pages += 1;
        } while (cursor !== undefined);
        expect(pages).toBe(3);
        expect(new Set(uris).size).toBe(120);
        const error = await refusal(client.listResourcesPage('not-a-cursor'));
        expect(error).toMatchObject({
          code: -32602,
          message: expect.stringMatching(/Invalid cursor/),
        });
      } finally {
        await client.close();
      }
    },
  );
});
