import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { searchResultSchema } from '@reviews/application';
import { fixtureTools } from './support/catalog-fixture.js';
import { textOf, v1Client, v2Client, type ConnectedClient } from './support/mcp-clients.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';

describe.each([
  ['v1', v1Client],
  ['v2', v2Client],
])('search_tools facets, suggestions and highlights (%s client)', (_, generation) => {
  let api: RunningMcpApi;
  let client: ConnectedClient;
  beforeAll(async () => {
    api = await startMcpApi(fixtureTools());
    client = await generation.connect(api.mcpUrl);
  });
  afterAll(async () => {
    await client.close();
    await api.close();
  });

  const call = async (args: Record<string, unknown>) => {
    const result = await client.callTool('search_tools', args);
    expect(result.isError).not.toBe(true);
    return { body: searchResultSchema.parse(result.structuredContent), text: textOf(result) };
  };

  it('counts the categories of every match with facets: ["category"], and says so in the text', async () => {
    const { body, text } = await call({ q: 'postgres', limit: 1, facets: ['category'] });
    expect(body.facets).toEqual({
      category: [
        { name: 'Databases', count: 1 },
        { name: 'Editors', count: 1 },
      ],
    });
    expect(text).toContain('Categories of every match: Databases (1); Editors (1).');
    const plain = await call({ q: 'postgres', limit: 1 });
    expect(plain.body.facets).toBeUndefined();
    expect(plain.text).not.toContain('Categories of every match');
  });

  it('bolds the matched parts of each excerpt with highlight: true', async () => {
    const { body, text } = await call({ q: 'postg migr', highlight: true });
    const [item] = body.items;
    expect(
      (item?.excerptHighlights ?? []).map(([start, end]) => item?.excerpt?.slice(start, end)),
    ).toEqual(['Postg', 'migr']);
    expect(text).toContain('Breaks **Postg**reSQL **migr**ations.');
    expect((await call({ q: 'postg migr' })).text).not.toContain('**Postg**');
  });

  it('says "Did you mean" in one line when nothing matches', async () => {
    const { body, text } = await call({ q: 'postgrse' });
    expect(body.suggestions).toEqual([{ q: 'postgres', total: 2 }]);
    const lines = text.split('\n').filter((line) => line.startsWith('Did you mean'));
    expect(lines).toEqual([
      'Did you mean "postgres" (2 tools)? Call search_tools again with that q and the same category.',
    ]);
  });

  it('lists the closest tools as partial matches with their missing words when nothing matches in full', async () => {
    const { body, text } = await call({ q: 'postgres zero downtime' });
    expect(body.items).toEqual([]);
    expect(body.closestTools?.map((tool) => [tool.id, tool.missingKeywords])).toEqual([
      ['pgbeam', ['zero', 'downtime']],
      ['quillsort', ['zero', 'downtime']],
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toBe("No tool matches every keyword. Closest, missing 'zero', 'downtime':");
    expect(lines[1]).toBe('1. **PgBeam** · id `pgbeam` · category Databases');
    expect(text).toContain('Cite: <https://reviews.example/tools/quillsort/reviews/');

    const mixed = await call({ q: 'postgres console downtime' });
    expect(mixed.text.split('\n').filter((line) => line.includes('missing'))).toEqual([
      'No tool matches every keyword. Closest, each missing some keywords:',
      "1. **PgBeam** · id `pgbeam` · category Databases · missing 'downtime'",
      "2. **Quillsort** · id `quillsort` · category Editors · missing 'console', 'downtime'",
    ]);
    expect((await call({ q: 'postgres' })).body.closestTools).toBeUndefined();
  });

  it('refuses an unknown facet and a highlight that is not a boolean', async () => {
    const facets = await client.callTool('search_tools', { facets: ['tags'] });
    expect(facets.isError).toBe(true);
    expect(textOf(facets)).toBe('facets may name only category.');
    const highlight = await client.callTool('search_tools', { highlight: 'yes' });
    expect(highlight.isError).toBe(true);
    expect(textOf(highlight)).toMatch(/^highlight must be true or false/);
  });
});
