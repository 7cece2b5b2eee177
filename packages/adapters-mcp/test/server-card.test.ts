import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { SERVER_CARD_PATHS, serverCard } from '../src/http/server-card.js';
import { fixtureTools } from './support/catalog-fixture.js';
import { clientGenerations } from './support/mcp-clients.js';
import { startMcpApi, testProfile, type RunningMcpApi } from './support/mcp-harness.js';
import { RecordingQuota, RefusingQuota } from './support/quota-fakes.js';

/**
 * The required members of a server card and the rules docs/mcp.md#server-card gives for
 * them.
 */
const serverCardSchema = z.object({
  $schema: z.literal('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'),
  name: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+\/[a-z0-9._-]+$/),
  version: z.string().min(1),
  description: z.string().min(1).max(100),
  title: z.string().optional(),
  websiteUrl: z.url().optional(),
  remotes: z
    .array(
      z.object({
        type: z.literal('streamable-http'),
        url: z.url(),
        supportedProtocolVersions: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).min(1),
      }),
    )
    .optional(),
});

let api: RunningMcpApi;
let quota: RecordingQuota;
beforeAll(async () => {
  quota = new RecordingQuota();
  api = await startMcpApi(fixtureTools(), { quota });
});
afterAll(() => api.close());

describe.each(SERVER_CARD_PATHS)('GET %s', (path) => {
  const get = (headers: Record<string, string> = {}) => fetch(`${api.url}${path}`, { headers });

  it('serves a card with every required member, pointing at {base}/mcp', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const card = serverCardSchema.parse(await res.json());
    expect(card.name.split('/')).toHaveLength(2);
    expect(card.websiteUrl).toBe(testProfile.baseUrl);
    // The card format has no capabilities member: its description names what the server offers.
    expect(card.description).toMatch(/tools, Markdown resources, prompts/);
    expect(card.remotes).toEqual([
      {
        type: 'streamable-http',
        url: `${testProfile.baseUrl}/mcp`,
        supportedProtocolVersions: expect.arrayContaining(['2025-11-25']),
      },
    ]);
  });

  it('answers 304 with no body to a matching If-None-Match (also weak, in a list, or *)', async () => {
    const etag = (await get()).headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get({ 'If-None-Match': header });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    expect((await get({ 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it("names the body's coding in its ETag, and its 304 carries the 200's Vary", async () => {
    const plain = await get({ 'Accept-Encoding': 'identity' });
    const coded = await get({ 'Accept-Encoding': 'gzip' });
    expect(coded.headers.get('etag')).toMatch(/-gzip"$/);
    expect(plain.headers.get('etag')).not.toBe(coded.headers.get('etag'));
    const etag = coded.headers.get('etag') ?? '';
    const notModified = await get({ 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('vary')).toBe(coded.headers.get('vary'));
    expect(notModified.headers.get('vary')).toMatch(/Accept-Encoding/);
  });

  it('costs one unit of the pages bucket for a 200, nothing for a 304', async () => {
    const etag = (await get()).headers.get('etag') ?? '';
    const before = quota.charges.length;
    await get();
    await get({ 'If-None-Match': etag });
    expect(quota.charges.slice(before).map((c) => c.buckets)).toEqual([['pages']]);
  });
});

describe('the server card', () => {
  it('is the same document at both addresses', async () => {
    const [a, b] = await Promise.all(SERVER_CARD_PATHS.map((p) => fetch(`${api.url}${p}`)));
    expect(await a?.text()).toBe(await b?.text());
    expect(a?.headers.get('etag')).toBe(b?.headers.get('etag'));
  });

  it('is built for the configured base URL', () => {
    expect(serverCard('https://elsewhere.example').remotes[0]?.url).toBe(
      'https://elsewhere.example/mcp',
    );
  });

  it.each(clientGenerations)(
    'has the name and version that $label sees in serverInfo',
    async (generation) => {
      const card = serverCardSchema.parse(
        await (await fetch(`${api.url}${SERVER_CARD_PATHS[0]}`)).json(),
      );
      const client = await generation.connect(api.mcpUrl);
      try {
        expect(client.serverInfo()).toMatchObject({
          name: card.name,
          version: card.version,
          title: card.title,
        });
        expect(card.remotes?.[0]?.supportedProtocolVersions).toContain(client.protocolVersion());
      } finally {
        await client.close();
      }
    },
  );

  it('is refused with 429, Retry-After and an { error } body when the pages bucket is empty', async () => {
    const limited = await startMcpApi(fixtureTools(), { quota: new RefusingQuota('pages', 9) });
    try {
      const res = await fetch(`${limited.url}${SERVER_CARD_PATHS[0]}`);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('9');
      expect(res.headers.get('etag')).toBeNull();
      expect(await res.json()).toEqual({
        error: 'Too many requests from your network. Wait 9 seconds before retrying.',
      });
    } finally {
      await limited.close();
    }
  });
});
