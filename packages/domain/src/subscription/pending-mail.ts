import { issueTokens } from './subscription.js';
import type { IssuedTokenHashes, Subscription } from './subscription.js';

/**
 * The verification-mail outbox of one subscription
 * (docs/api.md#verification-mails-survive-a-crash-outbox-and-dispatcher: a crash delays a mail but
 * never loses it). A signup that wants a mail stores a `PendingMail` in the same write as the
 * signup itself; a dispatcher then *claims* it (issuing the tokens in that same conditional write),
 * sends it, and clears it. A claim lasts `claimMs`: a dispatcher that dies mid-send leaves a claim
 * that expires, after which the mail is due again (at-least-once delivery).
 */

/** The mail a signup asks for: due at once, never attempted. */
export function requestMail(subscription: Subscription, now: Date): Subscription {
  return {
    ...subscription,
    pendingMail: { requestedAt: now, dueAt: now, claimedAt: null, attempts: 0 },
  };
}

/** Due for a background dispatcher: pending, and neither claimed nor backing off. */
export function isMailDue(subscription: Subscription, now: Date): boolean {
  const pending = subscription.pendingMail;
  return pending !== null && pending.dueAt.getTime() <= now.getTime();
}

/** A dispatcher holds an unexpired claim: the mail is being sent right now. */
export function isMailBeingSent(subscription: Subscription, now: Date): boolean {
  const pending = subscription.pendingMail;
  return pending !== null && pending.claimedAt !== null && pending.dueAt > now;
}

/**
 * Claims the pending mail for one sending attempt: new tokens (their hashes only) are issued
 * and the mail is not due again before `now + claimMs`.
 */
export function claimMail(
  subscription: Subscription,
  hashes: IssuedTokenHashes,
  now: Date,
  claimMs: number,
): Subscription {
  const pending = subscription.pendingMail;
  if (pending === null) throw new Error('claimMail needs a pending mail');
  return {
    ...subscription,
    tokens: issueTokens(subscription.tokens, hashes, now),
    pendingMail: {
      ...pending,
      claimedAt: now,
      dueAt: new Date(now.getTime() + claimMs),
      attempts: pending.attempts + 1,
    },
  };
}

/** Whether `subscription` still holds exactly the claim `claimed` was written with. */
export function holdsClaim(subscription: Subscription, claimed: Subscription): boolean {
  const a = subscription.pendingMail;
  const b = claimed.pendingMail;
  return (
    a !== null &&
    b !== null &&
    a.attempts === b.attempts &&
    a.claimedAt?.getTime() === b.claimedAt?.getTime()
  );
}

/** The provider accepted the claimed mail: it leaves the outbox; its tokens date the mail. */
export function mailSent(subscription: Subscription): Subscription {
  const claimedAt = subscription.pendingMail?.claimedAt ?? null;
  return {
    ...subscription,
    pendingMail: null,
    lastMailAt: claimedAt ?? subscription.lastMailAt,
  };
}

/**
 * The mail will not be sent (provider failed while the person waits, or the mail limit
 * refused it): it leaves the outbox and `lastMailAt` stays the last mail really sent, so the
 * 15-minute rule cannot hold back a retry.
 */
export function mailWithdrawn(subscription: Subscription): Subscription {
  return { ...subscription, pendingMail: null };
}

/** A background attempt failed: try again at `dueAt`. */
export function mailRetryAt(subscription: Subscription, dueAt: Date): Subscription {
  const pending = subscription.pendingMail;
  if (pending === null) return subscription;
  return { ...subscription, pendingMail: { ...pending, claimedAt: null, dueAt } };
}
