import type { DomainError } from '../shared/result.js';
import { SUBSCRIPTION_RULES_IN_WORDS as RULES } from './subscription-rules.js';

/**
 * Stable codes of the expected failures of subscription transitions. Adapters map them:
 * ALREADY_CONFIRMED → 409; ADDRESS_DECLINED, ADDRESS_SUPPRESSED → 403; the token codes → the
 * confirm/unsubscribe pages' statuses.
 */
export type SubscriptionErrorCode =
  | 'ALREADY_CONFIRMED'
  | 'ADDRESS_DECLINED'
  | 'ADDRESS_SUPPRESSED'
  | 'TOKEN_UNKNOWN'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_USED'
  | 'SUBSCRIPTION_ENDED';

export type SubscriptionError<C extends SubscriptionErrorCode = SubscriptionErrorCode> =
  DomainError<C>;

export const SUBSCRIPTION_MESSAGES = {
  ALREADY_CONFIRMED:
    'This address is already subscribed. Nothing more to do; each newsletter has an unsubscribe link.',
  ADDRESS_SUPPRESSED:
    'Mail to this address was returned as undeliverable or reported as unwanted, so we no longer send to it.',
  TOKEN_UNKNOWN:
    'This link is not valid. Copy the whole link from the e-mail, or sign up again to get a new one.',
  TOKEN_EXPIRED: `This confirmation link has expired (links work for ${RULES.confirmTokenTtl}). Sign up again to get a new one.`,
  TOKEN_USED: 'This link was already used. Sign up again if you want a new one.',
  SUBSCRIPTION_ENDED:
    'This signup was cancelled or unsubscribed, so it can no longer be confirmed. Sign up again to subscribe.',
} as const;

/** 403 for an address whose owner cancelled a signup; says when it may be signed up again. */
export function addressDeclinedMessage(until: Date): string {
  const day = until.toISOString().slice(0, 10);
  return `A previous signup of this address was cancelled from the verification e-mail, so it cannot be signed up again before ${day}.`;
}
