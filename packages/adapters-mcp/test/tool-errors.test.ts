import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  LivePublication,
  SearchTools,
  type SearchResultBody,
  type SearchToolsError,
} from '@reviews/application';
import type { Result } from '@reviews/domain';
import { fixtureTools } from './support/catalog-fixture.js';
import { textOf, v1Client, type ConnectedClient } from './support/mcp-clients.js';
import { startMcpApi, testProfile, type RunningMcpApi } from './support/mcp-harness.js';

describe('arguments a model got wrong', () => {
  let api: RunningMcpApi;
  let client: ConnectedClient;
  beforeAll(async () => {
    api = await startMcpApi(fixtureTools());
    client = await v1Client.connect(api.mcpUrl);
  });
  afterAll(async () => {
    await client.close();
    await api.close();
  });

  it.each([
    ['search_tools', { limit: 0 }, 'limit must be a whole number from 1 to 20.'],
    [
      'search_tools',
      { limit: 2.5 },
      'limit must be a whole number from 1 to 20: it must be an integer, not the number 2.5.',
    ],
    [
      'search_tools',
      { limit: '5' },
      'limit must be a whole number from 1 to 20: it must be a number, not the string "5".',
    ],
    [
      'search_tools',
      { cursor: 'ten' },
      'cursor must be the nextCursor of the previous page (1 to 4 digits).',
    ],
    [
      'search_tools',
      { cursor: 2.5 },
      'cursor must be the nextCursor of the previous page (1 to 4 digits), as a string or a whole number.',
    ],
    [
      'get_tool',
      { id: 'pgbeam', cursor: -1 },
      'cursor must be the nextCursor of the previous page (1 to 4 digits), as a string or a whole number.',
    ],
    ['search_tools', { q: 'x'.repeat(201) }, 'q must be at most 200 characters.'],
    [
      'search_tools',
      { category: 7 },
      'category must be text: it must be a string, not the number 7 (send "7").',
    ],
    [
      'search_tools',
      { query: 'postgres' },
      'unknown argument query (search_tools takes q, category, limit, cursor, facets, highlight).',
    ],
    ['get_tool', {}, 'id must be a tool id from search results.'],
    ['get_tool', { id: 'pg beam' }, 'id may contain only letters, digits and . _ ~ -.'],
    ['get_tool', { id: 'pgbeam', limit: 50 }, 'limit must be a whole number from 1 to 20.'],
  ])('%s %j is an isError result saying: %s', async (tool, args, message) => {
    const result = await client.callTool(tool, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toBe(message);
  });

  it('names every broken argument at once', async () => {
    const result = await client.callTool('search_tools', { limit: 0, cursor: 'x' });
    expect(textOf(result)).toBe(
      'limit must be a whole number from 1 to 20; cursor must be the nextCursor of the previous page (1 to 4 digits).',
    );
  });

  it.each([
    [{ q: 'a b c d e f g h i j k l m' }, /at most 12 distinct keywords but has 13/],
    [{ q: '+ - "' }, /q contains no keyword/],
    [{ cursor: '1000' }, /cursor must be below 1000.*\/reviews\/index\.json/],
  ])(
    'search_tools %j: the use case’s refusal comes back as an isError result',
    async (args, message) => {
      const result = await client.callTool('search_tools', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    },
  );

  it.each([
    ['search_tools', {}],
    ['get_tool', { id: 'pgbeam' }],
  ])(
    '%s takes a cursor as a whole number, with the rules of the digit string',
    async (tool, args) => {
      const asText = await client.callTool(tool, { ...args, limit: 1, cursor: '1' });
      const asNumber = await client.callTool(tool, { ...args, limit: 1, cursor: 1 });
      expect(asNumber.isError).not.toBe(true);
      expect(asNumber.structuredContent).toEqual(asText.structuredContent);
      const tooDeep = await client.callTool(tool, { ...args, cursor: 1000 });
      expect(tooDeep.isError).toBe(true);
      expect(textOf(tooDeep)).toMatch(/\/reviews\/index\.json/);
    },
  );

  it('get_tool with a cursor too deep is an isError result pointing to the export', async () => {
    const result = await client.callTool('get_tool', { id: 'pgbeam', cursor: '1000' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/\/reviews\/index\.json/);
  });
});

describe('when the service cannot answer', () => {
  let api: RunningMcpApi | undefined;
  let client: ConnectedClient | undefined;
  afterEach(async () => {
    await client?.close();
    await api?.close();
  });

  it('answers every call with an isError result advising a retry while no catalog is published', async () => {
    api = await startMcpApi(undefined);
    client = await v1Client.connect(api.mcpUrl);
    for (const [tool, args] of [
      ['search_tools', {}],
      ['get_tool', { id: 'pgbeam' }],
    ] as const) {
      const result = await client.callTool(tool, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/not available right now\. Retry in a minute/);
    }
  });

  it('logs an unexpected failure and answers an isError result with no internal detail', async () => {
    class FailingSearchTools extends SearchTools {
      override execute(
        _input: Parameters<SearchTools['execute']>[0],
      ): Result<SearchResultBody, SearchToolsError> {
        throw new Error('index file is corrupt at /var/data/secret');
      }
    }
    api = await startMcpApi(fixtureTools(), {
      searchTools: new FailingSearchTools(new LivePublication(), testProfile),
    });
    client = await v1Client.connect(api.mcpUrl);
    const result = await client.callTool('search_tools', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Something went wrong on our side. Try again in a minute.');
    expect(api.logger.errors).toEqual([
      { fields: { err: expect.any(Error), tool: 'search_tools' }, message: 'MCP tool call failed' },
    ]);
  });
});
