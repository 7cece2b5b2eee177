import { issueSentences } from '@reviews/http-common';
import { MAX_EMAIL_LENGTH } from '@reviews/domain';
import { z } from 'zod';

/** The refusal of an over-long address, by the form and the JSON route alike. */
export const EMAIL_TOO_LONG = `The e-mail address is longer than ${MAX_EMAIL_LENGTH} characters.`;

const EXAMPLE = 'Send {"email": "you@example.com"}.';

/**
 * Body of `POST /subscribe` (docs/api.md#statuses): exactly one member, `email`, a string of at
 * most 254 characters. Whether it is a deliverable address is the domain's rule (EMAIL_INVALID).
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
      .max(MAX_EMAIL_LENGTH, { error: EMAIL_TOO_LONG })
      .meta({
        description: 'The address to sign up; the person must have agreed.',
        format: 'email',
      }),
  },
  { error: `The body must be a JSON object. ${EXAMPLE}` },
);

/** Body of a 200 from `POST /subscribe`: open, as every response body (docs/api.md#every-response). */
export const subscribeAcceptedSchema = z.looseObject({
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
