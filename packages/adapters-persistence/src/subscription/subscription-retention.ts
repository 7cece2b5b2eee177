import { SUBSCRIPTION_RULES, type Subscription } from '@reviews/domain';

/**
 * How long an expired pending signup is kept before it is removed: long enough that its links
 * still answer "expired" (and its unsubscribe link still records a decline) for a week.
 */
export const EXPIRED_PENDING_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** When a record stops being kept: pending ones a week after their link expired, others never. */
export function expiresAt(subscription: Subscription): Date | undefined {
  if (subscription.status !== 'pending') return undefined;
  const since = subscription.lastMailAt ?? subscription.statusChangedAt;
  return new Date(since.getTime() + SUBSCRIPTION_RULES.confirmTokenTtlMs + EXPIRED_PENDING_KEPT_MS);
}
