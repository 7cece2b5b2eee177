import { describe, expect, it } from '@jest/globals';
import {
  DAY,
  HOUR,
  aSignup,
  aSubscriptionHarness,
  tokenIn,
  unsubscribeUrlOf,
} from './subscription-harness.js';

async function signedUp() {
  const h = aSubscriptionHarness();
  await h.subscribe.execute(aSignup());
  const mail = h.mailer.sent[0];
  if (mail === undefined) throw new Error('no mail');
  return {
    h,
    confirmToken: tokenIn(mail.confirmUrl),
    unsubscribeToken: tokenIn(unsubscribeUrlOf(mail)),
  };
}

describe('ConfirmSubscription', () => {
  it('confirms, then answers already-confirmed to the same link', async () => {
    const { h, confirmToken } = await signedUp();
    expect(await h.confirm.execute({ token: confirmToken })).toEqual({
      ok: true,
      value: { outcome: 'confirmed' },
    });
    expect(await h.confirm.execute({ token: confirmToken })).toEqual({
      ok: true,
      value: { outcome: 'already-confirmed' },
    });
    expect(h.store.all()[0]).toMatchObject({ status: 'confirmed', confirmedAt: h.clock.now() });
  });

  it('refuses a link older than 48 hours with TOKEN_EXPIRED and leaves the signup pending', async () => {
    const { h, confirmToken } = await signedUp();
    h.clock.advanceBy(48 * HOUR + 1000);
    const result = await h.confirm.execute({ token: confirmToken });
    expect(!result.ok && result.error.code).toBe('TOKEN_EXPIRED');
    expect(h.store.all()[0]?.status).toBe('pending');
  });

  it('refuses an unknown token with TOKEN_UNKNOWN', async () => {
    const { h } = await signedUp();
    const result = await h.confirm.execute({ token: 'forged' });
    expect(!result.ok && result.error.code).toBe('TOKEN_UNKNOWN');
  });
});

describe('Unsubscribe', () => {
  it('cancels a pending signup, declines the address, and reports reuse as already-unsubscribed', async () => {
    const { h, unsubscribeToken } = await signedUp();
    expect(await h.unsubscribe.execute({ token: unsubscribeToken })).toEqual({
      ok: true,
      value: { outcome: 'cancelled' },
    });
    expect(h.store.all()[0]?.status).toBe('declined');
    expect(await h.unsubscribe.execute({ token: unsubscribeToken })).toEqual({
      ok: true,
      value: { outcome: 'already-unsubscribed' },
    });
  });

  it('unsubscribes a confirmed address, which may then sign up again', async () => {
    const { h, confirmToken, unsubscribeToken } = await signedUp();
    await h.confirm.execute({ token: confirmToken });
    expect(await h.unsubscribe.execute({ token: unsubscribeToken })).toEqual({
      ok: true,
      value: { outcome: 'unsubscribed' },
    });
    h.clock.advanceBy(DAY);
    const again = await h.subscribe.execute(aSignup());
    expect(again.ok && again.value.mailSent).toBe(true);
    expect(h.store.all()[0]?.status).toBe('pending');
  });
});

describe('PreviewSubscriptionLink', () => {
  it('tells what the buttons would do without changing anything', async () => {
    const { h, confirmToken, unsubscribeToken } = await signedUp();
    const before = h.store.all();
    expect(await h.preview.execute({ token: confirmToken, purpose: 'confirm' })).toEqual({
      ok: true,
      value: { action: 'confirm' },
    });
    expect(await h.preview.execute({ token: unsubscribeToken, purpose: 'unsubscribe' })).toEqual({
      ok: true,
      value: { action: 'cancel' },
    });
    expect(h.store.all()).toEqual(before);
  });

  it('refuses a confirm token presented as an unsubscribe link', async () => {
    const { h, confirmToken } = await signedUp();
    const result = await h.preview.execute({ token: confirmToken, purpose: 'unsubscribe' });
    expect(!result.ok && result.error.code).toBe('TOKEN_UNKNOWN');
  });
});
