import { domainError, err, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { SUBSCRIPTION_RULES } from './subscription-rules.js';
import { SUBSCRIPTION_MESSAGES } from './subscription-errors.js';
import type { SubscriptionError } from './subscription-errors.js';
import { findSubscriptionToken, markTokenUsed } from './subscription.js';
import type { Subscription } from './subscription.js';

/**
 * - `confirm`: store `subscription` (now confirmed, the token used);
 * - `already-confirmed`: nothing to change — a repeated confirmation is not an error
 *   (docs/api.md#statuses).
 */
type ConfirmationPlan =
  | { readonly kind: 'confirm'; readonly subscription: Subscription }
  | { readonly kind: 'already-confirmed' };

export type ConfirmationError = SubscriptionError<
  'TOKEN_UNKNOWN' | 'TOKEN_EXPIRED' | 'TOKEN_USED' | 'SUBSCRIPTION_ENDED' | 'ADDRESS_SUPPRESSED'
>;

/**
 * Confirming with a token (by its hash). The token must be a confirmation token of this
 * subscription, unused and under 48 hours old. Cancelled or unsubscribed signups cannot be
 * revived by an old link: the person signs up again instead.
 */
export function planConfirmation(
  subscription: Subscription,
  tokenHash: string,
  now: Date,
): Result<ConfirmationPlan, ConfirmationError> {
  const token = findSubscriptionToken(subscription, tokenHash, 'confirm');
  if (token === undefined) return fail('TOKEN_UNKNOWN');
  switch (subscription.status) {
    case 'confirmed':
      return ok({ kind: 'already-confirmed' });
    case 'suppressed':
      return fail('ADDRESS_SUPPRESSED');
    case 'unsubscribed':
    case 'declined':
      return fail('SUBSCRIPTION_ENDED');
    case 'pending':
      if (token.usedAt !== null) return fail('TOKEN_USED');
      if (now.getTime() - token.issuedAt.getTime() > SUBSCRIPTION_RULES.confirmTokenTtlMs) {
        return fail('TOKEN_EXPIRED');
      }
      return ok({
        kind: 'confirm',
        subscription: {
          ...subscription,
          status: 'confirmed',
          statusChangedAt: now,
          confirmedAt: now,
          tokens: markTokenUsed(subscription.tokens, tokenHash, now),
          // Confirmed from an earlier mail: a verification mail still queued is moot.
          pendingMail: null,
        },
      });
  }
}

function fail<C extends ConfirmationError['code']>(code: C): Result<never, SubscriptionError<C>> {
  return err(domainError(code, SUBSCRIPTION_MESSAGES[code]));
}
