import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { searchResultSchema } from '@reviews/application';
import { fixtureTools } from './support/catalog-fixture.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';

let api: RunningMcpApi;
beforeAll(async () => {
  api = await startMcpApi(fixtureTools());
});
afterAll(() => api.close());

interface Exchange {
  readonly method: string;
  readonly status: number;
}

/** A fetch that records the JSON-RPC method of every POST the client sends and its status. */
function recordingFetch(exchanges: Exchange[]): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method === 'POST' && typeof init.body === 'string') {
      const { method } = JSON.parse(init.body) as { method?: string };
      exchanges.push({ method: method ?? '(response)', status: res.status });
    }
    return res;
  };
}

describe('a negotiating client (@modelcontextprotocol/client 2.x, mode auto)', () => {
  it('probes with server/discover and settles on 2026-07-28 without any initialize', async () => {
    const exchanges: Exchange[] = [];
    const client = new Client(
      { name: 'negotiation-test', version: '2.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(api.mcpUrl), { fetch: recordingFetch(exchanges) }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const result = await client.callTool({
        name: 'search_tools',
        arguments: { q: 'sorts imports' },
      });
      expect(searchResultSchema.parse(result.structuredContent).items.map((i) => i.id)).toEqual([
        'quillsort',
      ]);
      expect(exchanges).toEqual([
        { method: 'server/discover', status: 200 },
        { method: 'tools/call', status: 200 },
      ]);
    } finally {
      await client.close();
    }
  });
});
