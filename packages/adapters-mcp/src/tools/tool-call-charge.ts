import {
  BUCKETS,
  searchToolsInputSchema,
  type BucketName,
  type ChargedUnits,
  type SearchTools,
} from '@reviews/application';
import { SEARCH_TOOLS_TOOL_NAME } from './search-tools.tool.js';

/** What one JSON-RPC message to `/mcp` is charged: its buckets, and its units in them. */
interface MessageCharge {
  readonly buckets: readonly BucketName[];
  readonly units: ChargedUnits;
}

const REQUEST_ONLY: MessageCharge = { buckets: [BUCKETS.api], units: {} };

/**
 * docs/api.md#limits, for MCP: every HTTP request to `/mcp` costs one `api` unit, and a
 * `search_tools` call `search` units on top, by the use case's one rule
 * (docs/api.md#what-a-search-costs; arguments the tool will refuse cost the usual one, and so
 * does a call whose result is kept (`kept`), which searches nothing, as a kept REST answer) — the
 * same buckets, under the same client key, as REST, so switching protocol doubles nothing. The
 * call is read from the message before the SDK sees it, so the tools' calls know nothing of
 * limits.
 */
export function messageCharge(
  message: unknown,
  searchTools: Pick<SearchTools, 'cost'>,
  kept: (args: Record<string, unknown>) => boolean,
): MessageCharge {
  const args = searchToolsArguments(message);
  if (args === undefined) return REQUEST_ONLY;
  return {
    buckets: [BUCKETS.api, BUCKETS.search],
    units: {
      search: () => {
        const sent = (args ?? {}) as Record<string, unknown>;
        if (kept(sent)) return 1;
        const input = searchToolsInputSchema.safeParse(sent);
        return input.success ? searchTools.cost(input.data) : 1;
      },
    },
  };
}

/** The arguments of a `search_tools` call (null when it sends none); undefined for any other message. */
function searchToolsArguments(message: unknown): unknown {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (method !== 'tools/call' || typeof params !== 'object' || params === null) return undefined;
  const call = params as { name?: unknown; arguments?: unknown };
  return call.name === SEARCH_TOOLS_TOOL_NAME ? (call.arguments ?? null) : undefined;
}
