import { z } from 'zod';
import type { StoredSubscription } from '@reviews/application';

const date = z.iso.datetime().transform((value) => new Date(value));
const nullableDate = date.nullable();

const subscriptionSchema = z.object({
  addressKey: z.string().min(1),
  address: z.string().min(1),
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'declined', 'suppressed']),
  // Null: an address the operator suppressed before it ever signed up.
  consent: z
    .object({
      at: date,
      source: z.enum(['api', 'mcp', 'page']),
      userAgent: z.string().nullable(),
      clientNetwork: z.string(),
    })
    .nullable(),
  createdAt: date,
  statusChangedAt: date,
  confirmedAt: nullableDate,
  lastMailAt: nullableDate,
  suppressionReason: z.enum(['bounced', 'complained']).nullable(),
  tokens: z.array(
    z.object({
      hash: z.string().min(1),
      purpose: z.enum(['confirm', 'unsubscribe']),
      issuedAt: date,
      usedAt: nullableDate,
    }),
  ),
  // Logs written before the outbox existed have no member: no mail is pending there.
  pendingMail: z
    .object({
      requestedAt: date,
      dueAt: date,
      claimedAt: nullableDate,
      attempts: z.number().int().nonnegative(),
    })
    .nullable()
    .default(null),
});

/** One line of the subscription log: the whole record after a write, at its new version. */
const logLineSchema = z.object({
  version: z.number().int().positive(),
  subscription: subscriptionSchema,
});

/** A log line (without its newline). Dates become ISO strings through `Date#toJSON`. */
export function encodeLogLine(stored: StoredSubscription): string {
  return JSON.stringify({ version: stored.version, subscription: stored.subscription });
}

/** The record of a log line, or null when the line is not a complete, valid record. */
export function decodeLogLine(line: string): StoredSubscription | null {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = logLineSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
