import { describe, expect, it } from '@jest/globals';
import {
  claimMail,
  holdsClaim,
  isMailBeingSent,
  isMailDue,
  mailRetryAt,
  mailSent,
  mailWithdrawn,
} from '../../src/subscription/pending-mail.js';
import { requestSignup } from '../../src/subscription/subscription-signup.js';
import type { Subscription } from '../../src/subscription/subscription.js';
import { MINUTE, T0, aSignupRequest, later } from './subscription-fixtures.js';

const HASHES = { confirmHash: 'c', unsubscribeHash: 'u' };

function queued(): Subscription {
  const result = requestSignup(null, aSignupRequest(), T0);
  if (!result.ok) throw new Error('expected a signup');
  return result.value.subscription;
}

describe('the verification-mail outbox of a subscription', () => {
  it('is due at once after a signup, and not being sent', () => {
    expect(isMailDue(queued(), T0)).toBe(true);
    expect(isMailBeingSent(queued(), T0)).toBe(false);
  });

  it('issues the tokens in the claim and holds the mail until the claim expires', () => {
    const claimed = claimMail(queued(), HASHES, T0, 2 * MINUTE);
    expect(claimed.tokens.map((t) => t.hash)).toEqual(['c', 'u']);
    expect(claimed.pendingMail).toMatchObject({ claimedAt: T0, attempts: 1 });
    expect(isMailDue(claimed, later(MINUTE))).toBe(false);
    expect(isMailBeingSent(claimed, later(MINUTE))).toBe(true);
    // A dispatcher that died mid-send: the claim expires and the mail is due again.
    expect(isMailDue(claimed, later(2 * MINUTE))).toBe(true);
    expect(isMailBeingSent(claimed, later(2 * MINUTE))).toBe(false);
  });

  it('dates lastMailAt from the claim once sent, and empties the outbox', () => {
    const sent = mailSent(claimMail(queued(), HASHES, later(MINUTE), MINUTE));
    expect(sent.pendingMail).toBeNull();
    expect(sent.lastMailAt).toEqual(later(MINUTE));
  });

  it('keeps lastMailAt of the last real mail when a mail is withdrawn', () => {
    const withdrawn = mailWithdrawn(claimMail(queued(), HASHES, T0, MINUTE));
    expect(withdrawn.pendingMail).toBeNull();
    expect(withdrawn.lastMailAt).toBeNull();
  });

  it('backs off a failed attempt without a claim', () => {
    const retry = mailRetryAt(claimMail(queued(), HASHES, T0, MINUTE), later(5 * MINUTE));
    expect(retry.pendingMail).toMatchObject({ claimedAt: null, dueAt: later(5 * MINUTE) });
    expect(isMailBeingSent(retry, later(MINUTE))).toBe(false);
    expect(isMailDue(retry, later(MINUTE))).toBe(false);
  });

  it('tells one attempt’s claim from a later one', () => {
    const first = claimMail(queued(), HASHES, T0, MINUTE);
    const second = claimMail(first, HASHES, later(MINUTE), MINUTE);
    expect(holdsClaim(first, first)).toBe(true);
    expect(holdsClaim(second, first)).toBe(false);
    expect(holdsClaim(mailSent(first), first)).toBe(false);
  });
});
