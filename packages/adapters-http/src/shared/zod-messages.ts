import { issueSentences } from '@reviews/http-common';
import type { z } from 'zod';

/** One sentence per problem, naming the parameter, for an `{ error }` body a person can act on. */
export function describeIssues(error: z.ZodError): string {
  const sentences = issueSentences(error, {
    unknownKeys: (keys) => `unknown parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`,
  });
  return `${sentences.join('; ')}.`;
}
