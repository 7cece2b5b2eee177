import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aReview, aTool } from '@reviews/domain/testing';
import { v1Client, type ConnectedClient } from './support/mcp-clients.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';

/**
 * Prompts over reviews as long as the catalog allows (docs/mcp.md#prompts): each review text is
 * cut at the length the docs give, and names the resource with the rest; tools are not cut.
 */
const LONG = 20_000;
const longText = (word: string) => `${word} `.repeat(LONG / (word.length + 1)).padEnd(LONG, '.');
const ids = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];

let api: RunningMcpApi;
let client: ConnectedClient;
beforeAll(async () => {
  api = await startMcpApi(
    ids.map((id) =>
      aTool()
        .withId(id)
        .withReviews(
          ...Array.from({ length: 10 }, (_, i) =>
            aReview()
              .withId(`${id}-r${i}`)
              .reviewedOn(`2026-0${1 + (i % 9)}-1${i % 9}`)
              .withLikes(longText('liked'))
              .withDislikes(longText('disliked')),
          ),
        )
        .build(),
    ),
  );
  client = await v1Client.connect(api.mcpUrl);
});
afterAll(async () => {
  await client.close();
  await api.close();
});

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('prompts over long reviews', () => {
  it('compare_tools over 5 tools with 20,000-character reviews stays near 100 KB, each text cut at 500 characters', async () => {
    const prompt = await client.getPrompt('compare_tools', { ids: ids.join(', ') });
    expect(sizeOf(prompt)).toBeLessThan(100_000);
    const twin = prompt.messages[1]?.content.resource?.text ?? '';
    expect(twin).toContain(
      `${'liked '.repeat(83)}li… (cut at 500 characters; the whole review: reviews://tools/alpha/reviews/alpha-r0)`,
    );
    expect(prompt.messages[0]?.content.text).toContain(
      'Review texts longer than 500 characters are cut; each cut names the resource with the whole review',
    );
  });

  it('evaluate_tool cuts each review text at 2,000 characters, naming the review resource', async () => {
    const prompt = await client.getPrompt('evaluate_tool', { id: 'bravo' });
    expect(sizeOf(prompt)).toBeLessThan(50_000);
    const twin = prompt.messages[1]?.content.resource?.text ?? '';
    expect(twin).toContain(
      '… (cut at 2,000 characters; the whole review: reviews://tools/bravo/reviews/bravo-r0)',
    );
    const whole = await client.readResource('reviews://tools/bravo/reviews/bravo-r0');
    expect(whole.contents[0]?.text?.length).toBeGreaterThan(2 * LONG);
  });

  it('leaves get_tool whole: its structured content is the REST body', async () => {
    const result = await client.callTool('get_tool', { id: 'charlie' });
    const rest = api.getTool.execute({ id: 'charlie' });
    if (!rest.ok) throw new Error(rest.error.message);
    expect(result.structuredContent).toEqual(JSON.parse(JSON.stringify(rest.value)));
  });
});
