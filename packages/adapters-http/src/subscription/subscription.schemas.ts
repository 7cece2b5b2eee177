import { issueSentences } from '@reviews/http-common';
import { z } from 'zod';

const EXAMPLE = 'Send {"email": "you@example.com"}.';

/**
 * Body of `POST /subscribe` (spec §4.1): exactly one member, `email`, a string of at most 254
 * characters. Whether it is a deliverable address is the domain's rule (EMAIL_INVALID).
 */
export const subscribeBodySchema = z.strictObject(
  {
    email: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? `The member "email" is missing. ${EXAMPLE}`
            : `"email" must be a string. ${EXAMPLE}`,
      })
      .max(254, { error: 'The e-mail address is longer than 254 characters.' })
      .meta({
        description: 'The address to sign up; the person must have agreed.',
        format: 'email',
      }),
  },
  { error: `The body must be a JSON object. ${EXAMPLE}` },
);

export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** Body of a 200 from `POST /subscribe`. */
export const subscribeAcceptedSchema = z.object({
  status: z.literal('accepted'),
  message: z.string(),
});

/** A token as the mails carry it (base64url); anything else cannot be one of ours. */
export const subscriptionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

/** One sentence per problem, for an `{ error }` a person can act on. */
export function describeBodyIssues(error: z.ZodError): string {
  return issueSentences(error, {
    unknownKeys: (keys) =>
      `Unknown member${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}: only "email" is accepted.`,
  }).join(' ');
}
