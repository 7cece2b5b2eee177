import { domainError, err, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import type { Consent } from './consent.js';
import type { EmailAddress } from './email-address.js';
import { SUBSCRIPTION_RULES } from './subscription-rules.js';
import { SUBSCRIPTION_MESSAGES, addressDeclinedMessage } from './subscription-errors.js';
import type { SubscriptionError } from './subscription-errors.js';
import { declineEndsAt, issueTokens, newPendingSubscription } from './subscription.js';
import type { IssuedTokenHashes, Subscription } from './subscription.js';

export interface SignupRequest {
  readonly address: EmailAddress;
  readonly consent: Consent;
  /** Hashes of the tokens the mail will carry, used only if a mail is to be sent. */
  readonly hashes: IssuedTokenHashes;
}

/**
 * What a signup request leads to:
 * - `send-mail`: store `subscription` (pending, `lastMailAt` = now, new tokens), then mail;
 * - `mail-recently-sent`: accepted, but the last mail is under 15 minutes old: no new mail.
 */
export type SignupDecision =
  | { readonly kind: 'send-mail'; readonly subscription: Subscription }
  | { readonly kind: 'mail-recently-sent'; readonly subscription: Subscription };

export type SignupError = SubscriptionError<
  'ALREADY_CONFIRMED' | 'ADDRESS_DECLINED' | 'ADDRESS_SUPPRESSED'
>;

/**
 * The signup rule of contract §7: a new, unsubscribed, expired or long-declined address starts a
 * pending signup; a pending one gets a new mail only 15 minutes after the last; a confirmed one
 * is refused (409); a suppressed one, or one declined within 30 days, is refused (403).
 */
export function requestSignup(
  existing: Subscription | null,
  request: SignupRequest,
  now: Date,
): Result<SignupDecision, SignupError> {
  if (existing === null) {
    const subscription = newPendingSubscription(
      request.address,
      request.consent,
      request.hashes,
      now,
    );
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
      const last = existing.lastMailAt;
      if (last !== null && now.getTime() - last.getTime() < SUBSCRIPTION_RULES.resendIntervalMs) {
        return ok({ kind: 'mail-recently-sent', subscription: existing });
      }
      return ok({ kind: 'send-mail', subscription: resend(existing, request, now) });
    }
  }
}

/**
 * Undoes the mail claim of `requestSignup` after the provider failed: the signup stays pending,
 * and because no mail went out the 15-minute rule must not hold the person's retry back.
 */
export function mailFailed(subscription: Subscription): Subscription {
  return { ...subscription, lastMailAt: null };
}

function resend(existing: Subscription, request: SignupRequest, now: Date): Subscription {
  return {
    ...existing,
    consent: request.consent,
    lastMailAt: now,
    tokens: issueTokens(existing.tokens, request.hashes, now),
  };
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
