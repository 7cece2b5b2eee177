import {
  ProtocolError,
  ProtocolErrorCode,
  type GetPromptResult,
  type Prompt,
} from '@modelcontextprotocol/server';
import type { DomainError, Result } from '@reviews/domain';
import type { z } from 'zod';
import { describeArgumentIssues } from '../tools/argument-errors.js';

/** Everything one prompt is made of: its shared zod argument schema and how it is built. */
interface McpPromptSpec<Args extends z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly argumentsSchema: Args;
  readonly build: (args: z.output<Args>) => Result<GetPromptResult, DomainError>;
}

/** A prompt ready to serve: its `prompts/list` entry and its `prompts/get`. */
export interface McpPrompt {
  readonly definition: Prompt;
  get(args: Record<string, string>): GetPromptResult;
}

/**
 * Builds a prompt from its spec. The listed arguments come from the zod schema (name,
 * description, required), and `get` validates with the same schema, so that a bad argument is
 * refused in the words a tool call gets (`describeArgumentIssues`: the argument and the rule) —
 * as the JSON-RPC error -32602 the protocol asks of `prompts/get`. A failure of the read is
 * -32602 too when the client named something that does not exist, -32603 otherwise.
 */
export function defineMcpPrompt<Args extends z.ZodObject>(spec: McpPromptSpec<Args>): McpPrompt {
  const argumentNames = Object.keys(spec.argumentsSchema.shape);
  const definition: Prompt = {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    arguments: Object.entries(spec.argumentsSchema.shape).map(([name, schema]) => ({
      name,
      description: (schema as z.ZodType).meta()?.description,
      required: !(schema as z.ZodType).safeParse(undefined).success,
    })),
  };
  return {
    definition,
    get(args) {
      const parsed = spec.argumentsSchema.safeParse(args);
      if (!parsed.success) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          describeArgumentIssues(parsed.error, spec.name, argumentNames, args),
        );
      }
      const result = spec.build(parsed.data);
      if (result.ok) return result.value;
      throw new ProtocolError(
        result.error.code === 'CATALOG_UNAVAILABLE'
          ? ProtocolErrorCode.InternalError
          : ProtocolErrorCode.InvalidParams,
        result.error.message,
      );
    },
  };
}
