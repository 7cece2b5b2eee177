import { domainError, err, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import type { Consent } from './consent.js';
import type { EmailAddress } from './email-address.js';
import { SUBSCRIPTION_RULES } from './subscription-rules.js';
import { SUBSCRIPTION_MESSAGES, addressDeclinedMessage } from './subscription-errors.js';
import type { SubscriptionError } from './subscription-errors.js';
import { requestMail } from './pending-mail.js';
import { declineEndsAt, newPendingSubscription } from './subscription.js';
import type { Subscription } from './subscription.js';

export interface SignupRequest {
  readonly address: EmailAddress;
  readonly consent: Consent;
}

/**
 * What a signup request leads to:
 * - `send-mail`: store `subscription` (pending, with a verification mail in its outbox), then
 *   have the dispatcher deliver it;
 * - `mail-pending`: accepted; an earlier request's mail is still in the outbox (not yet sent),
 *   so the caller delivers that one rather than queue another;
 * - `mail-recently-sent`: accepted, but the last mail sent is under 15 minutes old: no new mail.
 */
export type SignupDecision =
  | { readonly kind: 'send-mail'; readonly subscription: Subscription }
  | { readonly kind: 'mail-pending'; readonly subscription: Subscription }
  | { readonly kind: 'mail-recently-sent'; readonly subscription: Subscription };

export type SignupError = SubscriptionError<
  'ALREADY_CONFIRMED' | 'ADDRESS_DECLINED' | 'ADDRESS_SUPPRESSED'
>;

/**
 * The signup rule of docs/api.md#newsletter-signup-double-opt-in: a new, unsubscribed, expired or
 * long-declined address starts a pending signup; a pending one gets a new mail only 15 minutes
 * after the last; a confirmed one is refused (409); a suppressed one, or one declined within 30
 * days, is refused (403).
 */
export function requestSignup(
  existing: Subscription | null,
  request: SignupRequest,
  now: Date,
): Result<SignupDecision, SignupError> {
  if (existing === null) {
    const subscription = newPendingSubscription(request.address, request.consent, now);
    return ok({ kind: 'send-mail', subscription });
  }
  switch (existing.status) {
    case 'confirmed':
      return err(domainError('ALREADY_CONFIRMED', SUBSCRIPTION_MESSAGES.ALREADY_CONFIRMED));
    case 'suppressed':
      return err(domainError('ADDRESS_SUPPRESSED', SUBSCRIPTION_MESSAGES.ADDRESS_SUPPRESSED));
    case 'declined': {
      const until = declineEndsAt(existing);
      if (now < until) return err(domainError('ADDRESS_DECLINED', addressDeclinedMessage(until)));
      return ok({ kind: 'send-mail', subscription: restart(existing, request, now) });
    }
    case 'unsubscribed':
      return ok({ kind: 'send-mail', subscription: restart(existing, request, now) });
    case 'pending': {
      if (existing.pendingMail !== null)
        return ok({ kind: 'mail-pending', subscription: existing });
      const last = existing.lastMailAt;
      if (last !== null && now.getTime() - last.getTime() < SUBSCRIPTION_RULES.resendIntervalMs) {
        return ok({ kind: 'mail-recently-sent', subscription: existing });
      }
      return ok({ kind: 'send-mail', subscription: resend(existing, request, now) });
    }
  }
}

function resend(existing: Subscription, request: SignupRequest, now: Date): Subscription {
  return requestMail({ ...existing, consent: request.consent }, now);
}

function restart(existing: Subscription, request: SignupRequest, now: Date): Subscription {
  return {
    ...resend(existing, request, now),
    address: request.address.value,
    status: 'pending',
    statusChangedAt: now,
    confirmedAt: null,
  };
}
