import { describe, expect, it } from '@jest/globals';
import { SubscriptionStoreUnavailableError } from '../../src/subscription/subscription-store.port.js';
import { DAY, MINUTE, aSignup, aSubscriptionHarness } from './subscription-harness.js';

describe('Subscribe', () => {
  it('stores a pending subscription with its consent and sends one verification mail', async () => {
    const h = aSubscriptionHarness();
    const result = await h.subscribe.execute(aSignup('Ada@Example.COM'));
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ status: 'accepted', mailSent: true }),
    });
    expect(h.store.all()).toEqual([
      expect.objectContaining({
        addressKey: 'ada@example.com',
        status: 'pending',
        consent: {
          at: h.clock.now(),
          source: 'api',
          userAgent: 'curl/8',
          clientNetwork: '192.0.2.0/24',
        },
      }),
    ]);
    expect(h.mailer.sent.map((m) => m.to)).toEqual(['Ada@example.com']);
  });

  it('stores only hashes of the tokens it mails', async () => {
    const h = aSubscriptionHarness();
    await h.subscribe.execute(aSignup());
    const hashes = h.store.all()[0]?.tokens.map((t) => t.hash);
    expect(hashes).toEqual(['hashed:token-1', 'hashed:token-2']);
    expect(JSON.stringify(h.store.all())).not.toMatch(/"token-1"/);
  });

  it('treats case variants as one address: one record, no second mail within 15 minutes', async () => {
    const h = aSubscriptionHarness();
    await h.subscribe.execute(aSignup('a@example.com'));
    const again = await h.subscribe.execute(aSignup('A@EXAMPLE.com'));
    expect(again.ok && again.value.mailSent).toBe(false);
    expect(h.store.all()).toHaveLength(1);
    expect(h.mailer.sent).toHaveLength(1);
  });

  it('mails again after 15 minutes, and refuses the fourth mail in 24 hours with MAIL_LIMIT_REACHED', async () => {
    const h = aSubscriptionHarness();
    for (let i = 0; i < 3; i++) {
      expect((await h.subscribe.execute(aSignup())).ok).toBe(true);
      h.clock.advanceBy(16 * MINUTE);
    }
    const fourth = await h.subscribe.execute(aSignup());
    expect(!fourth.ok && fourth.error.code).toBe('MAIL_LIMIT_REACHED');
    if (!fourth.ok && fourth.error.code === 'MAIL_LIMIT_REACHED') {
      expect(fourth.error.decision.retryAfterSeconds).toBeGreaterThan(20 * 3600);
    }
    expect(h.mailer.sent).toHaveLength(3);
    h.clock.advanceBy(DAY);
    expect((await h.subscribe.execute(aSignup())).ok).toBe(true);
    expect(h.mailer.sent).toHaveLength(4);
  });

  it('sends exactly one mail for 20 concurrent signups of one address', async () => {
    const h = aSubscriptionHarness();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.subscribe.execute(aSignup())),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(h.store.all()).toHaveLength(1);
    expect(h.mailer.sent).toHaveLength(1);
  });

  it('keeps the signup pending when the mail fails, and lets the retry mail at once', async () => {
    const h = aSubscriptionHarness();
    h.mailer.failing = true;
    const failed = await h.subscribe.execute(aSignup());
    expect(!failed.ok && failed.error.code).toBe('MAIL_DELIVERY_FAILED');
    expect(h.store.all()[0]).toMatchObject({ status: 'pending', lastMailAt: null });
    h.mailer.failing = false;
    h.clock.advanceBy(MINUTE);
    const retry = await h.subscribe.execute(aSignup());
    expect(retry.ok && retry.value.mailSent).toBe(true);
    expect(h.mailer.sent).toHaveLength(1);
  });

  it.each([
    ['ALREADY_CONFIRMED', 'a confirmed address'],
    ['ADDRESS_DECLINED', 'an address whose owner cancelled'],
  ])('refuses %s for %s without mailing', async (code) => {
    const h = aSubscriptionHarness();
    await h.subscribe.execute(aSignup());
    const [mail] = h.mailer.sent;
    const token = new URL(
      code === 'ALREADY_CONFIRMED'
        ? (mail?.confirmUrl ?? '')
        : (mail?.headers[0]?.value.slice(1, -1) ?? ''),
    ).searchParams.get('token');
    if (code === 'ALREADY_CONFIRMED') await h.confirm.execute({ token: token ?? '' });
    else await h.unsubscribe.execute({ token: token ?? '' });
    h.clock.advanceBy(DAY);
    const result = await h.subscribe.execute(aSignup());
    expect(!result.ok && result.error.code).toBe(code);
    expect(h.mailer.sent).toHaveLength(1);
  });

  it('refuses blocked domains and their subdomains with ADDRESS_BLOCKED', async () => {
    const h = aSubscriptionHarness({ blockedDomains: ['spam.example'] });
    const result = await h.subscribe.execute(aSignup('x@eu.Spam.example'));
    expect(!result.ok && result.error.code).toBe('ADDRESS_BLOCKED');
    expect(h.store.all()).toHaveLength(0);
  });

  it('refuses every signup with SIGNUPS_DISABLED when switched off', async () => {
    const h = aSubscriptionHarness({ signupsEnabled: false });
    const result = await h.subscribe.execute(aSignup());
    expect(!result.ok && result.error.code).toBe('SIGNUPS_DISABLED');
  });

  it('refuses an invalid address with EMAIL_INVALID', async () => {
    const result = await aSubscriptionHarness().subscribe.execute(aSignup('not-an-address'));
    expect(!result.ok && result.error.code).toBe('EMAIL_INVALID');
  });

  it('throws SubscriptionStoreUnavailableError when the store is down', async () => {
    const h = aSubscriptionHarness();
    h.store.unavailable = true;
    await expect(h.subscribe.execute(aSignup())).rejects.toBeInstanceOf(
      SubscriptionStoreUnavailableError,
    );
    expect(h.mailer.sent).toHaveLength(0);
  });
});
