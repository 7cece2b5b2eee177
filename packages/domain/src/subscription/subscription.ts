import type { Consent } from './consent.js';
import type { EmailAddress } from './email-address.js';
import { SUBSCRIPTION_RULES } from './subscription-rules.js';

/**
 * - `pending`: a verification mail was asked for; waiting for the person to confirm.
 * - `confirmed`: the person confirmed from the mail; they receive the newsletter.
 * - `unsubscribed`: a confirmed person left; they may sign up again.
 * - `declined`: the owner cancelled a pending signup from the mail; refused for 30 days.
 * - `suppressed`: the address bounced or complained; never mailed again.
 * A pending subscription whose last confirmation link is past 48 hours is *expired*
 * (`planConfirmation` refuses its token); it stays `pending` in storage and a new signup starts it
 * over.
 */
type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'declined' | 'suppressed';

export type SuppressionReason = 'bounced' | 'complained';

type TokenPurpose = 'confirm' | 'unsubscribe';

/**
 * A token as the subscription knows it: only its hash (the token itself exists in the mail and
 * nowhere else). Single use: `usedAt` is set by the transition that consumes it.
 */
export interface SubscriptionToken {
  readonly hash: string;
  readonly purpose: TokenPurpose;
  readonly issuedAt: Date;
  readonly usedAt: Date | null;
}

/**
 * A verification mail that was asked for and that no provider has accepted yet: the record's
 * outbox entry, written in the same write as the signup (see `pending-mail.ts`).
 * - `dueAt`: when a dispatcher may next try it (now; the end of a claim; a retry time);
 * - `claimedAt`: when the current sending attempt claimed it (null when none is under way);
 * - `attempts`: sending attempts started so far.
 */
interface PendingMail {
  readonly requestedAt: Date;
  readonly dueAt: Date;
  readonly claimedAt: Date | null;
  readonly attempts: number;
}

/**
 * One address's subscription, identified by `addressKey` (the case-folded address). Plain
 * immutable data, so every store can keep it as a document; transitions return new values.
 * `lastMailAt` is the time (token issue) of the last verification mail a provider accepted: it
 * drives the 15-minute resend rule and the 48-hour expiry. `pendingMail` is the mail still to
 * send, if any. `consent` is null only for an address the operator suppressed before it ever
 * signed up (docs/cli.md#subscriptions-cli): nobody consented to anything there.
 */
export interface Subscription {
  readonly addressKey: string;
  readonly address: string;
  readonly status: SubscriptionStatus;
  readonly consent: Consent | null;
  readonly createdAt: Date;
  readonly statusChangedAt: Date;
  readonly confirmedAt: Date | null;
  readonly lastMailAt: Date | null;
  readonly suppressionReason: SuppressionReason | null;
  readonly tokens: readonly SubscriptionToken[];
  readonly pendingMail: PendingMail | null;
}

/** The hashes of the two tokens a new verification mail carries. */
export interface IssuedTokenHashes {
  readonly confirmHash: string;
  readonly unsubscribeHash: string;
}

/** A new pending subscription with its verification mail in the outbox (no token yet). */
export function newPendingSubscription(
  address: EmailAddress,
  consent: Consent,
  now: Date,
): Subscription {
  return {
    addressKey: address.key,
    address: address.value,
    status: 'pending',
    consent,
    createdAt: now,
    statusChangedAt: now,
    confirmedAt: null,
    lastMailAt: null,
    suppressionReason: null,
    tokens: [],
    pendingMail: { requestedAt: now, dueAt: now, claimedAt: null, attempts: 0 },
  };
}

/** Adds a mail's tokens, keeping only the newest `maxKeptTokens`. */
export function issueTokens(
  tokens: readonly SubscriptionToken[],
  hashes: IssuedTokenHashes,
  now: Date,
): SubscriptionToken[] {
  const fresh: SubscriptionToken[] = [
    { hash: hashes.confirmHash, purpose: 'confirm', issuedAt: now, usedAt: null },
    { hash: hashes.unsubscribeHash, purpose: 'unsubscribe', issuedAt: now, usedAt: null },
  ];
  return [...tokens, ...fresh].slice(-SUBSCRIPTION_RULES.maxKeptTokens);
}

export function findSubscriptionToken(
  subscription: Subscription,
  hash: string,
  purpose: TokenPurpose,
): SubscriptionToken | undefined {
  return subscription.tokens.find((token) => token.hash === hash && token.purpose === purpose);
}

export function markTokenUsed(
  tokens: readonly SubscriptionToken[],
  hash: string,
  now: Date,
): SubscriptionToken[] {
  return tokens.map((token) => (token.hash === hash ? { ...token, usedAt: now } : token));
}

/** When a decline stops blocking signups of the address. */
export function declineEndsAt(subscription: Subscription): Date {
  return new Date(subscription.statusChangedAt.getTime() + SUBSCRIPTION_RULES.declinePeriodMs);
}
