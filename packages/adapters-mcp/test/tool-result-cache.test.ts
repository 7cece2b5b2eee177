import { describe, expect, it } from '@jest/globals';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { withResultCache } from '../src/tools/tool-result-cache.js';
import type { McpTool } from '../src/tools/mcp-tool.js';

/** A tool that answers with its call count, failing for `{ fail: true }`. */
class CountingTool implements McpTool {
  calls = 0;
  readonly definition = { name: 'counting', inputSchema: { type: 'object' as const } };
  call(args: Record<string, unknown>): CallToolResult {
    this.calls++;
    if (args['fail'] === true) return { content: [{ type: 'text', text: 'no' }], isError: true };
    return { content: [{ type: 'text', text: `call ${this.calls}` }] };
  }
}

describe('withResultCache', () => {
  it('answers the same arguments under the same version from memory', () => {
    const tool = new CountingTool();
    const cached = withResultCache(tool, () => 'v1');
    const first = cached.call({ q: 'postgres' });
    expect(cached.call({ q: 'postgres' })).toBe(first);
    expect(cached.call({ q: 'redis' })).not.toEqual(first);
    expect(tool.calls).toBe(2);
  });

  it('computes again once the content version changes', () => {
    const tool = new CountingTool();
    let version = 'v1';
    const cached = withResultCache(tool, () => version);
    cached.call({ q: 'postgres' });
    version = 'v2';
    expect(cached.call({ q: 'postgres' })).toEqual({ content: [{ type: 'text', text: 'call 2' }] });
  });

  it('keeps no error result and nothing before a first publication', () => {
    const tool = new CountingTool();
    withResultCache(tool, () => 'v1').call({ fail: true });
    const unpublished = withResultCache(tool, () => undefined);
    unpublished.call({ q: 'x' });
    unpublished.call({ q: 'x' });
    expect(tool.calls).toBe(3);
  });

  it('drops the least recently used result past its bound', () => {
    const tool = new CountingTool();
    const cached = withResultCache(tool, () => 'v1', 2);
    cached.call({ q: 'a' });
    cached.call({ q: 'b' });
    cached.call({ q: 'a' }); // now b is the least recently used
    cached.call({ q: 'c' });
    cached.call({ q: 'a' });
    expect(tool.calls).toBe(3);
    cached.call({ q: 'b' });
    expect(tool.calls).toBe(4);
  });

  it('says which calls it would answer from memory, without counting a use', () => {
    const tool = new CountingTool();
    let version = 'v1';
    const cached = withResultCache(tool, () => version, 2);
    expect(cached.keeps({ q: 'a' })).toBe(false);
    cached.call({ q: 'a' });
    cached.call({ q: 'b' });
    expect(cached.keeps({ q: 'a' })).toBe(true);
    expect(cached.keeps({ fail: true })).toBe(false);
    // keeps did not make a the most recently used: c pushes it out.
    cached.call({ q: 'c' });
    expect(cached.keeps({ q: 'a' })).toBe(false);
    expect(cached.keeps({ q: 'c' })).toBe(true);
    version = 'v2';
    expect(cached.keeps({ q: 'c' })).toBe(false);
    expect(tool.calls).toBe(3);
  });
});
