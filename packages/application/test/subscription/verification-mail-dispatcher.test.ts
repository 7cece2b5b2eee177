import { describe, expect, it } from '@jest/globals';
import { aSubscription } from '../../src/testing/index.js';
import { MINUTE, aSignup, aSubscriptionHarness, tokenIn } from './subscription-harness.js';

/** A record as a crash leaves it: stored with its mail in the outbox, no mail sent. */
function crashedSignup(h: ReturnType<typeof aSubscriptionHarness>, email: string) {
  const record = aSubscription()
    .withAddress(email)
    .withTokens()
    .mailedAt(null)
    .withPendingMail(h.clock.now())
    .build();
  return h.store.insert(record);
}

describe('VerificationMailDispatcher', () => {
  it('sends a mail a crash left in the outbox at the next sweep, with working links', async () => {
    const h = aSubscriptionHarness();
    await crashedSignup(h, 'ada@example.com');
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(h.mailer.sentTo('ada@example.com')).toHaveLength(1);
    const stored = h.store.all()[0]!;
    expect(stored.pendingMail).toBeNull();
    expect(stored.lastMailAt).toEqual(h.clock.now());
    const confirmed = await h.confirm.execute({
      token: tokenIn(h.mailer.sent[0]!.confirmUrl),
    });
    expect(confirmed.ok).toBe(true);
  });

  it('stores the hashes of the tokens it mails, never the tokens', async () => {
    const h = aSubscriptionHarness();
    await crashedSignup(h, 'ada@example.com');
    await h.dispatcher.deliverDue();
    const token = tokenIn(h.mailer.sent[0]!.confirmUrl);
    const hashes = h.store.all()[0]!.tokens.map((t) => t.hash);
    expect(hashes).toContain(h.tokens.hash(token));
    expect(JSON.stringify(h.store.all())).not.toContain(`"${token}"`);
  });

  it('sends a mail whose sender died mid-send once its claim expires, and not before', async () => {
    const h = aSubscriptionHarness({}, { claimMs: 2 * MINUTE });
    const record = aSubscription()
      .withAddress('ada@example.com')
      .mailedAt(null)
      .withPendingMail(new Date(h.clock.now().getTime() + 2 * MINUTE), h.clock.now(), 1)
      .build();
    await h.store.insert(record);
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 0, failed: 0, refused: 0 });
    h.clock.advanceBy(2 * MINUTE);
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(h.mailer.sent).toHaveLength(1);
  });

  it('answers a re-submission of a signup whose mail never left by sending it, not "sent recently"', async () => {
    const h = aSubscriptionHarness();
    await crashedSignup(h, 'ada@example.com');
    const again = await h.subscribe.execute(aSignup('ada@example.com'));
    expect(again.ok && again.value.mailSent).toBe(true);
    expect(h.mailer.sentTo('ada@example.com')).toHaveLength(1);
  });

  it('retries a failed background mail with backoff, then drops it with a warning', async () => {
    const h = aSubscriptionHarness({}, { retryDelaysMs: [MINUTE] });
    await crashedSignup(h, 'ada@example.com');
    h.mailer.failing = true;
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 0, failed: 1, refused: 0 });
    expect(h.store.all()[0]!.pendingMail).toMatchObject({ attempts: 1, claimedAt: null });
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 0, failed: 0, refused: 0 });
    h.clock.advanceBy(MINUTE);
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 0, failed: 1, refused: 0 });
    expect(h.store.all()[0]!.pendingMail).toBeNull();
    expect(h.logged.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      'verification mail failed; will retry',
      'verification mail dropped after repeated provider failures',
    ]);
    expect(JSON.stringify(h.logged)).not.toContain('ada@example.com');
  });

  it('counts one mailbox once: +tags and Gmail dots share the mail bucket', async () => {
    const h = aSubscriptionHarness();
    for (const email of ['ada.l@gmail.com', 'adal+1@gmail.com', 'a.d.a.l+2@googlemail.com']) {
      expect((await h.subscribe.execute(aSignup(email))).ok).toBe(true);
    }
    const fourth = await h.subscribe.execute(aSignup('ADAL+news@gmail.com'));
    expect(!fourth.ok && fourth.error.code).toBe('MAIL_LIMIT_REACHED');
    expect(h.mailer.sent.map((m) => m.to)).toEqual([
      'ada.l@gmail.com',
      'adal+1@gmail.com',
      'a.d.a.l+2@googlemail.com',
    ]);
    const other = await h.subscribe.execute(aSignup('adal+news@example.com'));
    expect(other.ok).toBe(true);
  });
});

describe('VerificationMailDispatcher and later transitions', () => {
  it('never mails an address confirmed (from an earlier mail) while a new mail was queued', async () => {
    const h = aSubscriptionHarness();
    await h.subscribe.execute(aSignup('ada@example.com'));
    const firstLink = h.mailer.sent[0]!.confirmUrl;
    h.clock.advanceBy(16 * MINUTE);
    h.mailer.failing = true;
    // The resend fails while the person waits; a sweep would normally retry it later…
    await h.subscribe.execute(aSignup('ada@example.com'));
    h.mailer.failing = false;
    // …but an entry left queued (e.g. by a crash) must not survive a confirmation.
    const stored = (await h.store.findByAddressKey('ada@example.com'))!;
    await h.store.update(
      {
        ...stored.subscription,
        pendingMail: {
          requestedAt: h.clock.now(),
          dueAt: h.clock.now(),
          claimedAt: null,
          attempts: 0,
        },
      },
      stored.version,
    );
    expect((await h.confirm.execute({ token: tokenIn(firstLink) })).ok).toBe(true);
    expect(h.store.all()[0]!.pendingMail).toBeNull();
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(h.mailer.sent).toHaveLength(1);
  });

  it('drops a queued mail of a record that is no longer pending instead of sending it', async () => {
    const h = aSubscriptionHarness();
    const confirmed = aSubscription().confirmed().withPendingMail(h.clock.now()).build();
    await h.store.insert(confirmed);
    expect(await h.dispatcher.deliverDue()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(h.mailer.sent).toEqual([]);
    expect(h.store.all()[0]!.pendingMail).toBeNull();
  });
});
