import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fixtureTools } from './support/catalog-fixture.js';
import { startMcpApi, type RunningMcpApi } from './support/mcp-harness.js';
import { MCP_JSON_HEADERS } from './support/raw-mcp.js';

/**
 * What a hostile or careless client sends to `completion/complete` and `prompts/get`
 * (docs/mcp.md#completions): names that JavaScript objects carry by inheritance, and values far
 * longer than any name. Raw JSON-RPC over a real port, so the request is exactly this text.
 */
let api: RunningMcpApi;
beforeAll(async () => {
  api = await startMcpApi(fixtureTools());
});
afterAll(() => api.close());

interface Answer {
  readonly text: string;
  readonly result?: { completion?: { values: string[]; hasMore: boolean } };
  readonly error?: { code: number; message: string };
}

async function call(method: string, params: unknown): Promise<Answer> {
  const res = await fetch(api.mcpUrl, {
    method: 'POST',
    headers: { ...MCP_JSON_HEADERS, 'MCP-Protocol-Version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await res.text();
  return { text, ...(JSON.parse(text) as Omit<Answer, 'text'>) };
}

const complete = (ref: unknown, argument: unknown, context?: unknown) =>
  call('completion/complete', { ref, argument, ...(context === undefined ? {} : { context }) });

const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const EVALUATE = { type: 'ref/prompt', name: 'evaluate_tool' };
const REVIEW_TEMPLATE = { type: 'ref/resource', uri: 'reviews://tools/{id}/reviews/{reviewId}' };

describe('completion/complete with names objects inherit', () => {
  it.each(INHERITED)(
    'refuses the argument name %s with -32602 listing the arguments',
    async (name) => {
      const answer = await complete(EVALUATE, { name, value: '' });
      expect(answer.error).toEqual({
        code: -32602,
        message: `evaluate_tool has no argument ${JSON.stringify(name)}; it takes id.`,
      });
    },
  );

  it.each(INHERITED)('refuses the prompt or template named %s with -32602', async (name) => {
    const prompt = await complete({ type: 'ref/prompt', name }, { name: 'id', value: '' });
    expect(prompt.error?.code).toBe(-32602);
    expect(prompt.error?.message).toMatch(/^Unknown prompt .*This server's prompts: evaluate_tool/);
    const template = await complete({ type: 'ref/resource', uri: name }, { name: 'id', value: '' });
    expect(template.error?.code).toBe(-32602);
    expect(template.error?.message).toMatch(/^Unknown resource template /);
  });

  it.each(INHERITED)(
    'reads context arguments as given: %s names no tool, so no review ids',
    async (name) => {
      const answer = await complete(
        REVIEW_TEMPLATE,
        { name: 'reviewId', value: '' },
        { arguments: JSON.parse(`{${JSON.stringify(name)}: "pgbeam"}`) as unknown },
      );
      expect(answer.result?.completion).toEqual({ values: [], hasMore: false });
    },
  );

  it.each(INHERITED.filter((name) => name !== '__proto__'))(
    'refuses the prompt argument %s with -32602 naming what it takes',
    async (name) => {
      const answer = await call('prompts/get', {
        name: 'evaluate_tool',
        arguments: JSON.parse(`{"id": "pgbeam", ${JSON.stringify(name)}: "x"}`) as unknown,
      });
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error?.message).toMatch(/unknown argument .*\(evaluate_tool takes id\)/);
    },
  );

  it('serves the prompt when an argument is named __proto__ (the SDK drops it before us)', async () => {
    const answer = await call('prompts/get', {
      name: 'evaluate_tool',
      arguments: JSON.parse('{"id": "pgbeam", "__proto__": "x"}') as unknown,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.text).toContain('reviews://tools/pgbeam');
  });
});

describe('completion/complete answers of bounded size', () => {
  it('repeats at most 200 characters of a 60 KB value', async () => {
    const long = `${'x'.repeat(60_000)}, pg`;
    const answer = await complete(
      { type: 'ref/prompt', name: 'compare_tools' },
      { name: 'ids', value: long },
    );
    expect(answer.result?.completion).toEqual({ values: [], hasMore: false });
    expect(answer.text.length).toBeLessThan(400);
  });

  it('still completes a list whose ids before the last are up to 200 characters', async () => {
    const head = `${'a'.repeat(64)}, ${'b'.repeat(64)}, ${'c'.repeat(64)},`;
    const answer = await complete(
      { type: 'ref/prompt', name: 'compare_tools' },
      { name: 'ids', value: `${head} pg` },
    );
    expect(answer.result?.completion).toEqual({ values: [`${head} pgbeam`], hasMore: false });
  });

  it('cuts a 60 KB argument name or prompt name in its refusal', async () => {
    const name = 'n'.repeat(60_000);
    for (const answer of [
      await complete(EVALUATE, { name, value: '' }),
      await complete({ type: 'ref/prompt', name }, { name: 'id', value: '' }),
    ]) {
      expect(answer.error?.code).toBe(-32602);
      expect(answer.text.length).toBeLessThan(400);
    }
  });
});

describe('parameters of the wrong JSON type (answered by the SDK, docs/mcp.md#completions)', () => {
  it.each([
    ['resources/list', { cursor: 50 }],
    ['resources/read', { uri: 1 }],
    ['prompts/get', { name: 'evaluate_tool', arguments: null }],
  ])('%s with %j is -32603 from the SDK, before this server code', async (method, params) => {
    const answer = await call(method, params);
    expect(answer.error?.code).toBe(-32603);
  });
});
