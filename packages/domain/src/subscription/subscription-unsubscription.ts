import { domainError, err, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { SUBSCRIPTION_MESSAGES } from './subscription-errors.js';
import type { SubscriptionError } from './subscription-errors.js';
import { findSubscriptionToken, markTokenUsed } from './subscription.js';
import type { EmailAddress } from './email-address.js';
import type { Subscription, SuppressionReason } from './subscription.js';

/**
 * - `unsubscribe`: a confirmed subscription ends;
 * - `cancel`: a pending signup is cancelled and the address declined for 30 days (this is how a
 *   person stops someone else from signing them up);
 * - `already-unsubscribed`: the token was used before, or nothing is subscribed any more —
 *   shown as a success, never an error (docs/api.md#statuses).
 */
type UnsubscriptionPlan =
  | { readonly kind: 'unsubscribe'; readonly subscription: Subscription }
  | { readonly kind: 'cancel'; readonly subscription: Subscription }
  | { readonly kind: 'already-unsubscribed' };

export type UnsubscriptionError = SubscriptionError<'TOKEN_UNKNOWN'>;

/**
 * Unsubscribing with a token (by its hash). Unsubscribe tokens do not expire: the
 * `List-Unsubscribe` header of an old mail must keep working (RFC 8058). Each is single-use.
 */
export function planUnsubscription(
  subscription: Subscription,
  tokenHash: string,
  now: Date,
): Result<UnsubscriptionPlan, UnsubscriptionError> {
  const token = findSubscriptionToken(subscription, tokenHash, 'unsubscribe');
  if (token === undefined) {
    return err(domainError('TOKEN_UNKNOWN', SUBSCRIPTION_MESSAGES.TOKEN_UNKNOWN));
  }
  if (token.usedAt !== null) return ok({ kind: 'already-unsubscribed' });
  const tokens = markTokenUsed(subscription.tokens, tokenHash, now);
  switch (subscription.status) {
    case 'confirmed':
      return ok({
        kind: 'unsubscribe',
        subscription: {
          ...subscription,
          status: 'unsubscribed',
          statusChangedAt: now,
          tokens,
          pendingMail: null,
        },
      });
    case 'pending':
      return ok({
        kind: 'cancel',
        subscription: {
          ...subscription,
          status: 'declined',
          statusChangedAt: now,
          tokens,
          pendingMail: null,
        },
      });
    case 'unsubscribed':
    case 'declined':
    case 'suppressed':
      return ok({ kind: 'already-unsubscribed' });
  }
}

/**
 * What suppressing an address comes to (docs/cli.md#subscriptions-cli):
 * - `suppress`: store `subscription`, now suppressed (a new record for an address never seen);
 * - `already-suppressed`: nothing to write; the first suppression's reason and time stay.
 */
type SuppressionPlan =
  | { readonly kind: 'suppress'; readonly subscription: Subscription }
  | { readonly kind: 'already-suppressed'; readonly subscription: Subscription };

/**
 * The operator's suppression of a bounced or complaining address: whatever its state, it is never
 * mailed again and every signup of it is refused (403). An address with no record gets one, with
 * no consent (none was given).
 */
export function planSuppression(
  existing: Subscription | null,
  address: EmailAddress,
  reason: SuppressionReason,
  now: Date,
): SuppressionPlan {
  if (existing === null) {
    return {
      kind: 'suppress',
      subscription: {
        addressKey: address.key,
        address: address.value,
        status: 'suppressed',
        consent: null,
        createdAt: now,
        statusChangedAt: now,
        confirmedAt: null,
        lastMailAt: null,
        suppressionReason: reason,
        tokens: [],
        pendingMail: null,
      },
    };
  }
  if (existing.status === 'suppressed')
    return { kind: 'already-suppressed', subscription: existing };
  return { kind: 'suppress', subscription: suppress(existing, reason, now) };
}

/** A bounce or complaint: the address is never mailed again, whatever its state was. */
export function suppress(
  subscription: Subscription,
  reason: SuppressionReason,
  now: Date,
): Subscription {
  return {
    ...subscription,
    status: 'suppressed',
    statusChangedAt: now,
    suppressionReason: reason,
    pendingMail: null,
  };
}
