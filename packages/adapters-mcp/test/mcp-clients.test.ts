import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { detailResultSchema, searchResultSchema } from '@reviews/application';
import { MCP_SERVER_NAME, MCP_SERVER_VERSION } from '../src/index.js';
import { fixtureTools } from './support/catalog-fixture.js';
import {
  clientGenerations,
  textOf,
  type ConnectedClient,
  type ListedTool,
} from './support/mcp-clients.js';
import { startMcpApi, testProfile, type RunningMcpApi } from './support/mcp-harness.js';

let api: RunningMcpApi;
beforeAll(async () => {
  api = await startMcpApi(fixtureTools());
});
afterAll(() => api.close());

/** The same requirements, run against every client generation. */
describe.each(clientGenerations)('$label', (generation) => {
  let client: ConnectedClient;
  beforeAll(async () => {
    client = await generation.connect(api.mcpUrl);
  });
  afterAll(() => client.close());

  const listed = async (name: string): Promise<ListedTool> => {
    const tool = (await client.listTools()).find((t) => t.name === name);
    if (tool === undefined) throw new Error(`${name} is not listed`);
    return tool;
  };

  it(`speaks protocol ${generation.protocolVersion}`, () => {
    expect(client.protocolVersion()).toBe(generation.protocolVersion);
  });

  it('sees the serverInfo name and version of the identity constants, and instructions', () => {
    expect(client.serverInfo()).toMatchObject({
      name: MCP_SERVER_NAME,
      version: MCP_SERVER_VERSION,
    });
    expect(client.instructions()).toMatch(/search_tools first.*get_tool/s);
  });

  it('lists exactly search_tools and get_tool, titled and annotated read-only, idempotent, closed-world', async () => {
    const tools = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_tool', 'search_tools']);
    for (const tool of tools) {
      expect(tool.title).toEqual(expect.any(String));
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
  });

  it('describes the call order, the keyword rules, paging and citation to the agent', async () => {
    const search = (await listed('search_tools')).description ?? '';
    expect(search).toMatch(/FIRST/);
    expect(search).toMatch(/get_tool/);
    expect(search).toMatch(/up to 12 keywords/);
    expect(search).toMatch(/every keyword must match/);
    expect(search).toMatch(/no operators/);
    expect(search).toMatch(/Omit q to browse/);
    expect(search).toMatch(/nextCursor back as cursor/);
    expect(search).toMatch(/1,000/);
    expect(search).toMatch(/url and its reviewedOn/);
    expect(search).toMatch(/historicalNotice/);
    const get = (await listed('get_tool')).description ?? '';
    expect(get).toMatch(/id exactly as returned by search_tools/);
    expect(get).toMatch(/nextCursor back as cursor/);
    expect(get).toMatch(/url and reviewedOn/);
    expect(get).toMatch(/historicalNotice/);
  });

  it('advertises the strict input schemas of the REST API: limits, patterns, no extra arguments', async () => {
    const search = (await listed('search_tools')).inputSchema;
    expect(search).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: {
        q: { type: 'string', maxLength: 200 },
        category: { type: 'string', maxLength: 200 },
        limit: { type: 'integer', minimum: 1, maximum: 20 },
        cursor: {
          anyOf: [
            { type: 'string', pattern: '^[0-9]{1,4}$' },
            { type: 'integer', minimum: 0, maximum: 9999 },
          ],
        },
      },
    });
    expect(search['required']).toBeUndefined();
    const get = (await listed('get_tool')).inputSchema;
    expect(get).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['id'],
      properties: {
        id: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9._~-]+$' },
        limit: { type: 'integer', minimum: 1, maximum: 20 },
        cursor: {
          anyOf: [
            { type: 'string', pattern: '^[0-9]{1,4}$' },
            { type: 'integer', minimum: 0, maximum: 9999 },
          ],
        },
      },
    });
  });

  it('advertises output schemas whose root is the result object', async () => {
    expect((await listed('search_tools')).outputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining([
        'schemaVersion',
        'items',
        'nextCursor',
        'historicalNotice',
        'rights',
      ]),
    });
    expect((await listed('get_tool')).outputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining([
        'tool',
        'reviews',
        'nextCursor',
        'stacks',
        'historicalNotice',
        'rights',
      ]),
    });
  });

  it('advertises open output schemas: members added later do not break a validating client', async () => {
    for (const name of ['search_tools', 'get_tool']) {
      const schema = JSON.stringify((await listed(name)).outputSchema);
      expect(schema).not.toContain('"additionalProperties":false');
    }
  });

  it('calls search_tools: structuredContent is the use case body, the text cites the review', async () => {
    const result = await client.callTool('search_tools', { q: 'postgres', limit: 5 });
    expect(result.isError).toBeFalsy();
    const expected = api.searchTools.execute({ q: 'postgres', limit: 5 });
    if (!expected.ok) throw new Error('the fixture search must succeed');
    expect(result.structuredContent).toEqual(expected.value);
    const body = searchResultSchema.parse(result.structuredContent);
    expect(body.items.map((i) => i.id)).toEqual(['pgbeam', 'quillsort']);
    const text = textOf(result);
    expect(text).toContain('**PgBeam** · id `pgbeam` · category Databases');
    expect(text).toContain(`Cite: <${body.items[1]?.review?.url}> (reviewed 2026-05-01)`);
    expect(text).toContain(testProfile.historicalNotice);
  });

  it('calls get_tool with an id from the search: the detail body, then its next page', async () => {
    const first = await client.callTool('get_tool', { id: 'pgbeam' });
    expect(first.isError).toBeFalsy();
    const body = detailResultSchema.parse(first.structuredContent);
    expect(body.tool.id).toBe('pgbeam');
    expect(body.reviews).toHaveLength(10);
    expect(body.nextCursor).toBe('10');
    expect(textOf(first)).toContain('call get_tool with id "pgbeam" and cursor "10"');

    const second = await client.callTool('get_tool', { id: 'pgbeam', cursor: '10' });
    const next = detailResultSchema.parse(second.structuredContent);
    expect(next.reviews).toHaveLength(2);
    expect(next.nextCursor).toBeNull();
  });

  it('gets an isError result naming the argument and the rule for a bad argument', async () => {
    const result = await client.callTool('search_tools', { limit: 21 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toBe('limit must be a whole number from 1 to 20.');
  });

  it('gets an isError result for an id that names no tool', async () => {
    const result = await client.callTool('get_tool', { id: 'no-such-tool' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/No tool has the id "no-such-tool".*search_tools/);
  });

  it('gets a JSON-RPC error (-32602), not a result, for an unknown tool name', async () => {
    await expect(client.callTool('delete_tool', {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Unknown tool "delete_tool".*search_tools, get_tool/),
    });
  });

  it('reads an error message with at most one "MCP error" prefix', async () => {
    const error: unknown = await client.callTool('delete_tool', {}).catch((e: unknown) => e);
    const message = error instanceof Error ? error.message : '';
    expect(message).toMatch(/Unknown tool "delete_tool"/);
    expect(message.match(/MCP error/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});
