import type { z } from 'zod';

type ZodIssue = z.ZodError['issues'][number];

interface IssueWording {
  /** The sentence for names the schema does not know (a strict object's `unrecognized_keys`). */
  readonly unknownKeys: (keys: readonly string[]) => string;
  /** A sentence of the adapter's own for an issue, or undefined for the schema's message. */
  readonly other?: (issue: ZodIssue) => string | undefined;
}

/**
 * One sentence per problem, in the order zod found them, each once: the schemas carry messages a
 * person can act on, so most issues keep theirs; the adapter words only what only it can.
 */
export function issueSentences(error: z.ZodError, wording: IssueWording): string[] {
  const sentences = error.issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? wording.unknownKeys(issue.keys)
      : (wording.other?.(issue) ?? issue.message),
  );
  return [...new Set(sentences)];
}
