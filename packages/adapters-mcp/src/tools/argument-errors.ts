import type { z } from 'zod';

/**
 * One sentence per problem with a tool's arguments, naming the argument and the rule — the same
 * wording as the REST adapter's 400 bodies (the messages live in the shared zod schemas), so a
 * model reads the same advice whichever door it came in by. Unknown arguments, which REST
 * ignores as query parameters but a strict tool schema refuses, also list what the tool takes.
 */
export function describeArgumentIssues(
  error: z.ZodError,
  toolName: string,
  argumentNames: readonly string[],
): string {
  const messages = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const plural = issue.keys.length > 1 ? 's' : '';
      return `unknown argument${plural} ${issue.keys.join(', ')} (${toolName} takes ${argumentNames.join(', ')})`;
    }
    return issue.message;
  });
  return `${[...new Set(messages)].join('; ')}.`;
}
