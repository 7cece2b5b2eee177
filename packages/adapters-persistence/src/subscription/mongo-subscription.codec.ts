import { z } from 'zod';
import type { StoredSubscription } from '@reviews/application';
import type { Subscription } from '@reviews/domain';
import { expiresAt } from './subscription-retention.js';

/**
 * One version of a subscription as a MongoDB document, and back. `_id` is `<addressKey>|<version>`
 * (unique: two writers of one version cannot both insert it), `key` the address key, `version`
 * the record's version; `expiresAt` (pending versions only) is when an unconfirmed signup may be
 * removed. Dates are BSON dates. Read-back documents are validated with zod.
 * New members of `Subscription` go in both `subscriptionDocumentOf` and `subscriptionDocumentSchema`.
 */
export interface SubscriptionDocument {
  readonly _id: string;
  readonly key: string;
  readonly version: number;
  readonly expiresAt?: Date;
  readonly address: string;
  readonly status: Subscription['status'];
  readonly consent: Subscription['consent'];
  readonly createdAt: Date;
  readonly statusChangedAt: Date;
  readonly confirmedAt: Date | null;
  readonly lastMailAt: Date | null;
  readonly suppressionReason: Subscription['suppressionReason'];
  readonly tokens: Subscription['tokens'];
  readonly pendingMail: Subscription['pendingMail'];
}

const subscriptionDocumentSchema = z.object({
  key: z.string().min(1),
  version: z.number().int().positive(),
  address: z.string().min(1),
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'declined', 'suppressed']),
  // Null: an address the operator suppressed before it ever signed up.
  consent: z
    .object({
      at: z.date(),
      source: z.enum(['api', 'mcp', 'page']),
      userAgent: z.string().nullable(),
      clientNetwork: z.string(),
    })
    .nullable(),
  createdAt: z.date(),
  statusChangedAt: z.date(),
  confirmedAt: z.date().nullable(),
  lastMailAt: z.date().nullable(),
  suppressionReason: z.enum(['bounced', 'complained']).nullable(),
  tokens: z.array(
    z.object({
      hash: z.string().min(1),
      purpose: z.enum(['confirm', 'unsubscribe']),
      issuedAt: z.date(),
      usedAt: z.date().nullable(),
    }),
  ),
  // Records written before the durable mail outbox have no member: no mail is queued.
  pendingMail: z
    .object({
      requestedAt: z.date(),
      dueAt: z.date(),
      claimedAt: z.date().nullable(),
      attempts: z.number().int().nonnegative(),
    })
    .nullable()
    .default(null),
});

export function subscriptionDocumentOf(
  subscription: Subscription,
  version: number,
): SubscriptionDocument {
  const expiry = expiresAt(subscription);
  return {
    _id: versionId(subscription.addressKey, version),
    key: subscription.addressKey,
    version,
    ...(expiry === undefined ? {} : { expiresAt: expiry }),
    address: subscription.address,
    status: subscription.status,
    consent:
      subscription.consent === null
        ? null
        : {
            at: subscription.consent.at,
            source: subscription.consent.source,
            userAgent: subscription.consent.userAgent,
            clientNetwork: subscription.consent.clientNetwork,
          },
    createdAt: subscription.createdAt,
    statusChangedAt: subscription.statusChangedAt,
    confirmedAt: subscription.confirmedAt,
    lastMailAt: subscription.lastMailAt,
    suppressionReason: subscription.suppressionReason,
    tokens: subscription.tokens.map(({ hash, purpose, issuedAt, usedAt }) => ({
      hash,
      purpose,
      issuedAt,
      usedAt,
    })),
    pendingMail:
      subscription.pendingMail === null
        ? null
        : {
            requestedAt: subscription.pendingMail.requestedAt,
            dueAt: subscription.pendingMail.dueAt,
            claimedAt: subscription.pendingMail.claimedAt,
            attempts: subscription.pendingMail.attempts,
          },
  };
}

/** The record of a document read back; throws when it is not one this version wrote. */
export function fromDocument(raw: unknown): StoredSubscription {
  const parsed = subscriptionDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `A subscription document in MongoDB is not valid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  const { key, version, ...rest } = parsed.data;
  return { version, subscription: { addressKey: key, ...rest } };
}

/** The `_id` of one version of one address's record. */
export const versionId = (addressKey: string, version: number): string =>
  `${addressKey}|${version}`;
