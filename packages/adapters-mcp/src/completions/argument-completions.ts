import {
  ProtocolError,
  ProtocolErrorCode,
  type CompleteRequestParams,
  type CompleteResult,
} from '@modelcontextprotocol/server';
import type { CompleteArgument, Completion } from '@reviews/application';
import { COMPARE_TOOLS_PROMPT_NAME } from '../prompts/compare-tools.prompt.js';
import { EVALUATE_TOOL_PROMPT_NAME } from '../prompts/evaluate-tool.prompt.js';
import {
  CATEGORY_RESOURCE_TEMPLATE,
  REVIEW_RESOURCE_TEMPLATE,
  TOOL_RESOURCE_TEMPLATE,
} from '../resources/tool-resources.js';

type Completer = (value: string, context: ReadonlyMap<string, string>) => Completion;

/** The most of its request a completion repeats (docs/mcp.md#completions). */
const MAX_COMPLETION_ECHO = 200;

/**
 * `completion/complete` (docs/mcp.md#completions) for every argument this server lets a client
 * complete: tool ids (by the beginning of an id or a name, at most 20) in `evaluate_tool`,
 * `compare_tools` (the last id of the comma-separated list) and both tool templates, and a
 * tool's review ids in `reviews://tools/{id}/reviews/{reviewId}` (the tool from the `id` already
 * given), and category names in `reviews://categories/{category}` (by their beginning, at most
 * 100). A reference or argument this server does not have is -32602, as the protocol asks, with
 * what it does have. Names chosen by the client are looked up in maps only, never on a plain
 * object (`__proto__` or `toString` name nothing here), and no answer repeats more than
 * `MAX_COMPLETION_ECHO` characters of the request.
 */
export function argumentCompletions(completeArgument: Pick<CompleteArgument, 'execute'>) {
  const run = (input: Parameters<CompleteArgument['execute']>[0]): Completion => {
    const result = completeArgument.execute(input);
    if (result.ok) return result.value;
    throw new ProtocolError(ProtocolErrorCode.InternalError, result.error.message);
  };
  const toolId: Completer = (value) => run({ kind: 'toolId', value });
  const completers = new Map<string, ReadonlyMap<string, Completer>>([
    [`ref/prompt ${EVALUATE_TOOL_PROMPT_NAME}`, new Map([['id', toolId]])],
    [`ref/prompt ${COMPARE_TOOLS_PROMPT_NAME}`, new Map([['ids', lastOfList(toolId)]])],
    [`ref/resource ${TOOL_RESOURCE_TEMPLATE}`, new Map([['id', toolId]])],
    [
      `ref/resource ${REVIEW_RESOURCE_TEMPLATE}`,
      new Map([
        ['id', toolId],
        [
          'reviewId',
          (value, context) => run({ kind: 'reviewId', toolId: context.get('id'), value }),
        ],
      ]),
    ],
    [
      `ref/resource ${CATEGORY_RESOURCE_TEMPLATE}`,
      new Map([['category', (value) => run({ kind: 'category', value })]]),
    ],
  ]);

  return (params: CompleteRequestParams): CompleteResult => {
    const { ref, argument } = params;
    const named = ref.type === 'ref/prompt' ? ref.name : ref.uri;
    const byArgument = completers.get(`${ref.type} ${named}`);
    if (byArgument === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        ref.type === 'ref/prompt'
          ? `Unknown prompt ${quoted(named)}. This server's prompts: ${EVALUATE_TOOL_PROMPT_NAME}, ${COMPARE_TOOLS_PROMPT_NAME}.`
          : `Unknown resource template ${quoted(named)}. This server's templates: ${TOOL_RESOURCE_TEMPLATE}, ${REVIEW_RESOURCE_TEMPLATE}, ${CATEGORY_RESOURCE_TEMPLATE}.`,
      );
    }
    const complete = byArgument.get(argument.name);
    if (complete === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `${named} has no argument ${quoted(argument.name)}; it takes ${[...byArgument.keys()].join(', ')}.`,
      );
    }
    const context = new Map(Object.entries(params.context?.arguments ?? {}));
    const completion = complete(argument.value, context);
    return { completion: { values: [...completion.values], hasMore: completion.hasMore } };
  };
}

/** A name the client sent, in quotes, cut so that an error repeats little of the request. */
function quoted(name: string): string {
  const cut = 60;
  return JSON.stringify(name.length > cut ? `${name.slice(0, cut)}…` : name);
}

/**
 * Completes the last entry of a comma-separated list, keeping what comes before it: `pgbeam, qu`
 * → `pgbeam, quillsort`. Ids already listed are not offered again. What comes before is repeated
 * in every value, so a list whose head is longer than `MAX_COMPLETION_ECHO` characters gets no
 * values (it would take four ids of 50 characters).
 */
function lastOfList(complete: Completer): Completer {
  return (value, context) => {
    const cut = value.lastIndexOf(',');
    const head = cut < 0 ? '' : `${value.slice(0, cut + 1)} `;
    if (head.length > MAX_COMPLETION_ECHO) return { values: [], hasMore: false };
    const listed = new Set(
      value
        .slice(0, Math.max(cut, 0))
        .split(',')
        .map((id) => id.trim()),
    );
    const completion = complete(value.slice(cut + 1).trim(), context);
    return {
      values: completion.values.filter((id) => !listed.has(id)).map((id) => `${head}${id}`),
      hasMore: completion.hasMore,
    };
  };
}
