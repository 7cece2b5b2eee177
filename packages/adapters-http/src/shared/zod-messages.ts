import type { z } from 'zod';

/** One sentence per problem, naming the parameter, for an `{ error }` body a person can act on. */
export function describeIssues(error: z.ZodError): string {
  const messages = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return `unknown parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    }
    return issue.message;
  });
  return `${[...new Set(messages)].join('; ')}.`;
}
