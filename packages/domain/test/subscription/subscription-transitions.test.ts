import { describe, expect, it } from '@jest/globals';
import { SUBSCRIPTION_RULES } from '../../src/subscription/subscription-rules.js';
import type { Subscription } from '../../src/subscription/subscription.js';
import { planConfirmation } from '../../src/subscription/subscription-confirmation.js';
import { claimMail, mailSent, mailWithdrawn } from '../../src/subscription/pending-mail.js';
import { requestSignup } from '../../src/subscription/subscription-signup.js';
import type { SignupRequest } from '../../src/subscription/subscription-signup.js';
import type { IssuedTokenHashes } from '../../src/subscription/subscription.js';
import {
  planUnsubscription,
  suppress,
} from '../../src/subscription/subscription-unsubscription.js';
import { DAY, HOUR, MINUTE, T0, aSignupRequest, later } from './subscription-fixtures.js';

/** Signs up and delivers the verification mail (claimed with the request's hashes, sent). */
function signUp(
  existing: Subscription | null,
  request: SignupRequest & { readonly hashes: IssuedTokenHashes },
  at: Date = T0,
): Subscription {
  const result = requestSignup(existing, request, at);
  if (!result.ok || result.value.kind !== 'send-mail')
    throw new Error('expected a mail to be sent');
  return mailSent(claimMail(result.value.subscription, request.hashes, at, MINUTE));
}

function confirmWith(subscription: Subscription, hash: string, at: Date): Subscription {
  const plan = planConfirmation(subscription, hash, at);
  if (!plan.ok || plan.value.kind !== 'confirm') throw new Error('expected a confirmation');
  return plan.value.subscription;
}

describe('requestSignup', () => {
  it('starts a pending subscription whose mail waits in its outbox, with no token yet', () => {
    const result = requestSignup(null, aSignupRequest(), T0);
    expect(result.ok && result.value.kind).toBe('send-mail');
    const queued = result.ok ? result.value.subscription : null;
    expect(queued).toMatchObject({ status: 'pending', lastMailAt: null, tokens: [] });
    expect(queued?.pendingMail).toEqual({
      requestedAt: T0,
      dueAt: T0,
      claimedAt: null,
      attempts: 0,
    });
  });

  it('answers mail-pending while an earlier mail is still in the outbox, whatever its age', () => {
    const first = requestSignup(null, aSignupRequest(), T0);
    if (!first.ok) throw new Error('expected a signup');
    const again = requestSignup(first.value.subscription, aSignupRequest(), later(HOUR));
    expect(again.ok && again.value.kind).toBe('mail-pending');
  });

  it('stores only the token hashes once the mail is claimed and sent', () => {
    const request = aSignupRequest();
    const pending = signUp(null, request);
    expect(pending).toMatchObject({
      status: 'pending',
      addressKey: 'ada@example.com',
      lastMailAt: T0,
    });
    expect(pending.tokens.map((t) => t.hash)).toEqual([
      request.hashes.confirmHash,
      request.hashes.unsubscribeHash,
    ]);
  });

  it('sends no new mail to a pending address re-submitted within 15 minutes', () => {
    const pending = signUp(null, aSignupRequest());
    const again = requestSignup(pending, aSignupRequest(), later(14 * MINUTE));
    expect(again.ok && again.value.kind).toBe('mail-recently-sent');
  });

  it('sends a new mail to a pending address re-submitted after 15 minutes, keeping the old link valid', () => {
    const first = aSignupRequest();
    const pending = signUp(null, first);
    const resent = signUp(pending, aSignupRequest(), later(SUBSCRIPTION_RULES.resendIntervalMs));
    expect(resent.tokens).toHaveLength(4);
    expect(planConfirmation(resent, first.hashes.confirmHash, later(20 * MINUTE)).ok).toBe(true);
  });

  it('refuses a confirmed address with ALREADY_CONFIRMED', () => {
    const request = aSignupRequest();
    const confirmed = confirmWith(signUp(null, request), request.hashes.confirmHash, later(MINUTE));
    const result = requestSignup(confirmed, aSignupRequest(), later(HOUR));
    expect(!result.ok && result.error.code).toBe('ALREADY_CONFIRMED');
  });

  it('refuses a suppressed address with ADDRESS_SUPPRESSED', () => {
    const suppressed = suppress(signUp(null, aSignupRequest()), 'bounced', later(MINUTE));
    const result = requestSignup(suppressed, aSignupRequest(), later(DAY * 365));
    expect(!result.ok && result.error.code).toBe('ADDRESS_SUPPRESSED');
  });

  it('refuses a declined address for 30 days, then starts over', () => {
    const request = aSignupRequest();
    const plan = planUnsubscription(signUp(null, request), request.hashes.unsubscribeHash, T0);
    if (!plan.ok || plan.value.kind !== 'cancel') throw new Error('expected a cancellation');
    const declined = plan.value.subscription;
    const during = requestSignup(declined, aSignupRequest(), later(30 * DAY - 1));
    expect(!during.ok && during.error.code).toBe('ADDRESS_DECLINED');
    expect(!during.ok && during.error.message).toContain('2026-12-16');
    const after = requestSignup(declined, aSignupRequest(), later(30 * DAY));
    expect(after.ok && after.value.subscription.status).toBe('pending');
  });

  it('lets an unsubscribed address sign up again with a fresh pending cycle', () => {
    const request = aSignupRequest();
    const confirmed = confirmWith(signUp(null, request), request.hashes.confirmHash, later(MINUTE));
    const plan = planUnsubscription(confirmed, request.hashes.unsubscribeHash, later(2 * MINUTE));
    if (!plan.ok || plan.value.kind !== 'unsubscribe')
      throw new Error('expected an unsubscription');
    const again = signUp(plan.value.subscription, aSignupRequest(), later(3 * MINUTE));
    expect(again).toMatchObject({
      status: 'pending',
      confirmedAt: null,
      lastMailAt: later(3 * MINUTE),
    });
  });

  it('lets a retry mail at once after a failed first mail was withdrawn', () => {
    const request = aSignupRequest();
    const queued = requestSignup(null, request, T0);
    if (!queued.ok) throw new Error('expected a signup');
    const failed = mailWithdrawn(claimMail(queued.value.subscription, request.hashes, T0, MINUTE));
    expect(failed.lastMailAt).toBeNull();
    const retry = requestSignup(failed, aSignupRequest(), later(MINUTE));
    expect(retry.ok && retry.value.kind).toBe('send-mail');
  });
});

describe('planConfirmation', () => {
  const request = aSignupRequest();
  const pending = signUp(null, request);

  it('confirms with a fresh token and marks it used', () => {
    const confirmed = confirmWith(pending, request.hashes.confirmHash, later(HOUR));
    expect(confirmed.confirmedAt).toEqual(later(HOUR));
    expect(confirmed.tokens.find((t) => t.hash === request.hashes.confirmHash)?.usedAt).toEqual(
      later(HOUR),
    );
  });

  it('answers already-confirmed on a second confirmation', () => {
    const confirmed = confirmWith(pending, request.hashes.confirmHash, later(HOUR));
    const again = planConfirmation(confirmed, request.hashes.confirmHash, later(2 * HOUR));
    expect(again.ok && again.value.kind).toBe('already-confirmed');
  });

  it('refuses a token older than 48 hours with TOKEN_EXPIRED', () => {
    const result = planConfirmation(pending, request.hashes.confirmHash, later(48 * HOUR + 1));
    expect(!result.ok && result.error.code).toBe('TOKEN_EXPIRED');
  });

  it('refuses an unsubscribe token and unknown hashes with TOKEN_UNKNOWN', () => {
    for (const hash of [request.hashes.unsubscribeHash, 'nope']) {
      const result = planConfirmation(pending, hash, T0);
      expect(!result.ok && result.error.code).toBe('TOKEN_UNKNOWN');
    }
  });

  it('cannot revive a cancelled signup', () => {
    const plan = planUnsubscription(pending, request.hashes.unsubscribeHash, T0);
    if (!plan.ok || plan.value.kind !== 'cancel') throw new Error('expected a cancellation');
    const result = planConfirmation(
      plan.value.subscription,
      request.hashes.confirmHash,
      later(MINUTE),
    );
    expect(!result.ok && result.error.code).toBe('SUBSCRIPTION_ENDED');
  });
});

describe('planUnsubscription', () => {
  const request = aSignupRequest();
  const pending = signUp(null, request);

  it('cancels a pending signup (declined) and reports reuse as already-unsubscribed', () => {
    const plan = planUnsubscription(pending, request.hashes.unsubscribeHash, T0);
    if (!plan.ok || plan.value.kind !== 'cancel') throw new Error('expected a cancellation');
    expect(plan.value.subscription.status).toBe('declined');
    const reuse = planUnsubscription(
      plan.value.subscription,
      request.hashes.unsubscribeHash,
      later(MINUTE),
    );
    expect(reuse.ok && reuse.value.kind).toBe('already-unsubscribed');
  });

  it('unsubscribes a confirmed subscription even years later', () => {
    const confirmed = confirmWith(pending, request.hashes.confirmHash, later(MINUTE));
    const plan = planUnsubscription(
      confirmed,
      request.hashes.unsubscribeHash,
      later(3 * 365 * DAY),
    );
    expect(plan.ok && plan.value.kind).toBe('unsubscribe');
  });

  it('refuses a confirmation token with TOKEN_UNKNOWN', () => {
    const result = planUnsubscription(pending, request.hashes.confirmHash, T0);
    expect(!result.ok && result.error.code).toBe('TOKEN_UNKNOWN');
  });

  it('keeps at most the newest 20 token hashes', () => {
    let subscription = pending;
    for (let i = 1; i <= 15; i++)
      subscription = signUp(subscription, aSignupRequest(), later(i * HOUR));
    expect(subscription.tokens).toHaveLength(SUBSCRIPTION_RULES.maxKeptTokens);
    expect(subscription.tokens.some((t) => t.hash === request.hashes.confirmHash)).toBe(false);
  });
});
