import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CatalogDocument } from '@reviews/domain';
import { readFile } from 'node:fs/promises';
import { SAMPLE_CATALOG_FILE } from '@reviews/service-common';
import { startRestAndMcp, type RunningApp } from './support/rest-and-mcp-app.js';

/**
 * docs/mcp.md#tools: `search_tools` with default arguments stays under about 3,000 tokens. Tokens
 * are estimated at 4 characters each; what is counted is the whole result as a client hands it to a
 * model — the text content and the `structuredContent` JSON together.
 */
const TOKEN_BUDGET = 3_000;
const CHARS_PER_TOKEN = 4;

let app: RunningApp;
let client: Client;
beforeAll(async () => {
  const catalog = JSON.parse(await readFile(SAMPLE_CATALOG_FILE, 'utf8')) as CatalogDocument;
  app = await startRestAndMcp(catalog);
  client = new Client({ name: 'size-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(app.mcpUrl)));
});
afterAll(async () => {
  await client.close();
  await app.close();
});

describe('search_tools with default arguments on the sample catalog', () => {
  it(`stays under ${TOKEN_BUDGET} tokens (text + structuredContent, ${CHARS_PER_TOKEN} characters per token)`, async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: {} });
    expect(result.isError).toBeFalsy();
    const text = result.content.map((item) => (item.type === 'text' ? item.text : '')).join('');
    const json = JSON.stringify(result.structuredContent);
    const characters = text.length + json.length;
    console.log(
      `default search_tools: text ${text.length} + structuredContent ${json.length} = ${characters} characters ≈ ${Math.ceil(characters / CHARS_PER_TOKEN)} tokens`,
    );
    expect(text.length).toBeGreaterThan(0);
    expect(characters).toBeLessThan(TOKEN_BUDGET * CHARS_PER_TOKEN);
  });
});
