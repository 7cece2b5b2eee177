import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fixtureTools } from './support/catalog-fixture.js';
import { v2Client, type ConnectedClient } from './support/mcp-clients.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';
import { portabilityFindings } from './support/schema-portability.js';

let api: RunningMcpApi;
let client: ConnectedClient;
beforeAll(async () => {
  api = await startMcpApi(fixtureTools());
  client = await v2Client.connect(api.mcpUrl);
});
afterAll(async () => {
  await client.close();
  await api.close();
});

describe('tool schemas under the MCP Inspector portability rules (docs/mcp.md#mcp-inspector)', () => {
  it('give no error and no warning for any tool of tools/list', async () => {
    const tools = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_tool', 'search_tools']);
    expect(tools.flatMap((tool) => portabilityFindings(tool))).toEqual([]);
  });

  it('keep every output object open: additionalProperties is true or left out, never false', async () => {
    const values: unknown[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'additionalProperties') values.push(value);
          collect(value);
        }
      }
    };
    for (const tool of await client.listTools()) collect(tool.outputSchema);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((value) => value === true)).toBe(true);
  });

  it('are the rules the Inspector applies: each one finds what it names', () => {
    const rules = (outputSchema: unknown) =>
      portabilityFindings({ name: 't', inputSchema: { type: 'object' }, outputSchema }).map(
        (f) => `${f.rule} ${f.severity} ${f.path}`,
      );
    expect(
      rules({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: {} }),
    ).toEqual(['untyped-schema warning outputSchema.additionalProperties']);
    expect(rules({ type: 'object', additionalProperties: true })).toEqual([]);
    expect(rules({ type: 'object', properties: { a: true } })).toEqual([
      'boolean-schema error outputSchema.properties.a',
    ]);
    expect(rules({ type: 'object', properties: { a: { type: ['string', 'null'] } } })).toEqual([
      'type-union warning outputSchema.properties.a',
    ]);
    expect(rules({ type: 'object', properties: { a: { $ref: 'https://x.test/s.json' } } })).toEqual(
      ['remote-ref warning outputSchema.properties.a'],
    );
    expect(rules({ type: 'object', properties: { a: { not: {} } } })).toEqual([]);
  });
});
