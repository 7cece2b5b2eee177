import { issueSentences } from '@reviews/http-common';
import type { z } from 'zod';

/**
 * One sentence per problem with a tool's arguments, naming the argument and the rule — the same
 * wording as the REST adapter's 400 bodies (the messages live in the shared zod schemas), so a
 * model reads the same advice whichever door it came in by. A value of the wrong JSON type (REST
 * only ever sees strings) also says which type is expected and what was sent, and unknown
 * arguments, which REST ignores as query parameters but a strict tool schema refuses, list what
 * the tool takes.
 */
export function describeArgumentIssues(
  error: z.ZodError,
  toolName: string,
  argumentNames: readonly string[],
  args: Record<string, unknown> = {},
): string {
  const sentences = issueSentences(error, {
    unknownKeys: (keys) =>
      `unknown argument${keys.length > 1 ? 's' : ''} ${keys.join(', ')} (${toolName} takes ${argumentNames.join(', ')})`,
    other: (issue) => {
      const name = issue.path[0];
      const value = typeof name === 'string' && Object.hasOwn(args, name) ? args[name] : undefined;
      if (issue.code !== 'invalid_type' || value === undefined) return undefined;
      const hint =
        issue.expected === 'string' && typeof value === 'number' ? ` (send "${value}")` : '';
      return `${issue.message.replace(/\.$/, '')}: it must be ${withArticle(issue.expected)}, not ${describeValue(value)}${hint}`;
    },
  });
  return `${sentences.join('; ')}.`;
}

function withArticle(type: string): string {
  const name = type === 'int' ? 'integer' : type;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return `the boolean ${value}`;
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    default:
      return `${withArticle(typeof value)}`;
  }
}
