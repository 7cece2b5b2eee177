import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { DomainError, Result } from '@reviews/domain';
import type { z } from 'zod';
import { describeArgumentIssues } from './argument-errors.js';
import { objectJsonSchema } from './object-json-schema.js';

/**
 * Everything one MCP tool is made of: the shared zod schemas (advertised as they are and used to
 * validate), a use case run, and the Markdown rendering of its body.
 */
interface McpToolSpec<Input extends z.ZodObject, Output extends z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Input;
  readonly outputSchema: Output;
  readonly execute: (input: z.output<Input>) => Result<z.output<Output>, DomainError>;
  readonly render: (body: z.output<Output>) => string;
}

/** A tool ready to serve: its `tools/list` entry and its `tools/call`. */
export interface McpTool {
  readonly definition: Tool;
  /** Never throws for a client's mistake: bad arguments and expected failures are `isError` results. */
  call(args: Record<string, unknown>): CallToolResult;
}

/** Both tools only read a fixed archive: no side effects, same answer twice, no outside world. */
const READ_ONLY_TOOL_ANNOTATIONS = {
  readOnlyHint: true,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/**
 * Builds a tool from its spec. The strict input schema is advertised in `tools/list` AND applied
 * here, by the tool itself, so that a violation becomes an `isError` result whose text names the
 * argument and the rule (MCP 2025-11-25: input errors are for the model to read), never a
 * JSON-RPC error. `structuredContent` is the use case's body untouched — the REST body.
 */
export function defineMcpTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  spec: McpToolSpec<Input, Output>,
): McpTool {
  const definition: Tool = {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    // zod's JSON Schema is JSON by construction; the SDK types it as JSON values.
    inputSchema: objectJsonSchema(spec.inputSchema, 'input') as Tool['inputSchema'],
    outputSchema: objectJsonSchema(spec.outputSchema, 'output') as Tool['outputSchema'],
    annotations: { title: spec.title, ...READ_ONLY_TOOL_ANNOTATIONS },
  };
  const argumentNames = Object.keys(spec.inputSchema.shape);

  return {
    definition,
    call(args) {
      const input = spec.inputSchema.safeParse(args);
      if (!input.success) {
        return toolError(describeArgumentIssues(input.error, spec.name, argumentNames, args));
      }
      const result = spec.execute(input.data);
      if (!result.ok) return toolError(result.error.message);
      const body: Record<string, unknown> = result.value;
      return {
        content: [{ type: 'text', text: spec.render(result.value) }],
        structuredContent: body,
      };
    },
  };
}

/**
 * An `isError` result carrying only text: no `structuredContent`, because SDK clients validate
 * any `structuredContent` against the tool's `outputSchema` even on errors.
 */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
