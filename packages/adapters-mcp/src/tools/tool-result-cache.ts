import type { CallToolResult } from '@modelcontextprotocol/server';
import { LruCache } from '@reviews/domain';
import type { McpTool } from './mcp-tool.js';

/** A tool whose results are kept: `keeps` says whether a call would be answered from memory. */
export interface KeptResultsTool extends McpTool {
  /**
   * Whether a call with `args` would now be answered from memory, running no use case (the
   * charge asks it: a kept search costs one unit, as a kept REST answer does).
   */
  keeps(args: Record<string, unknown>): boolean;
}

/** Default bound on the results kept per tool. */
const DEFAULT_CACHED_RESULTS = 1_000;

/**
 * `tool` answering repeated calls from memory: both tools read a publication that never changes,
 * so a result stays right while its publication is live. Results are kept per content version
 * (`contentVersion()`, e.g. the live publication's id) and arguments as sent, up to `maxEntries`
 * (least recently used out first); the first call under another version drops them all. Error
 * results are not kept. Callers must not mutate a returned result (the SDK only serialises it).
 */
export function withResultCache(
  tool: McpTool,
  contentVersion: () => string | undefined,
  maxEntries = DEFAULT_CACHED_RESULTS,
): KeptResultsTool {
  let results = new LruCache<CallToolResult>(maxEntries, maxEntries);
  let cachedVersion: string | undefined;
  return {
    definition: tool.definition,
    keeps(args) {
      const version = contentVersion();
      return (
        version !== undefined && version === cachedVersion && results.has(JSON.stringify(args))
      );
    },
    call(args) {
      const version = contentVersion();
      if (version === undefined) return tool.call(args);
      if (version !== cachedVersion) {
        results = new LruCache<CallToolResult>(maxEntries, maxEntries);
        cachedVersion = version;
      }
      const key = JSON.stringify(args);
      const kept = results.get(key);
      if (kept !== undefined) return kept;
      const result = tool.call(args);
      // Computed under the version read above: the use case is synchronous, so no swap between.
      if (result.isError === true) return result;
      results.set(key, result, 1);
      return result;
    },
  };
}
