import { afterEach, describe, expect, it } from '@jest/globals';
import { aSubscription } from '@reviews/application/testing';
import { SesMailer } from '../../../adapters-mail/src/ses-mailer.js';
import { LocalSes, freePort } from '../../../adapters-mail/test/local-ses.js';
import { startSignupServer } from './signup-harness.js';
import type { SignupServer } from './signup-harness.js';

/** An SES mailer sending to a local SES endpoint on `port` (up or not). */
function sesMailerOn(port: number): SesMailer {
  return new SesMailer({
    region: 'eu-west-1',
    endpoint: `http://127.0.0.1:${port}`,
    from: 'Tool Reviews <no-reply@reviews.example>',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

describe('POST /subscribe with SES as the mailer', () => {
  let api: SignupServer;
  let ses: LocalSes | null = null;
  let mailer: SesMailer | null = null;

  afterEach(async () => {
    mailer?.close();
    await api.close();
    await ses?.stop();
  });

  it('answers 502 while SES is unreachable, keeps the signup pending, and mails on the retry', async () => {
    const port = await freePort();
    const sesMailer = sesMailerOn(port);
    mailer = sesMailer;
    api = await startSignupServer({ mailer: () => sesMailer });

    const failed = await api.postJson({ email: 'ada@example.com' });
    expect(failed.status).toBe(502);
    expect(failed.headers.get('retry-after')).toBe('60');
    expect((await api.store.findByAddressKey('ada@example.com'))?.subscription.status).toBe(
      'pending',
    );

    ses = await LocalSes.start(port);
    const retry = await api.postJson({ email: 'ada@example.com' });
    expect(retry.status).toBe(200);
    const [received] = await ses.received();
    expect(received?.to).toBe('ada@example.com');
    expect(received?.subject).toBe('Confirm your newsletter signup at Tool Reviews');
    expect(received?.text).toContain(`${api.url}/subscribe/confirm?token=`);
    expect(received?.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${api.url}/subscribe/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`),
    );
    expect(received?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('sends through SES the mail of a signup a crash left in the outbox, at the next sweep', async () => {
    const port = await freePort();
    ses = await LocalSes.start(port);
    const sesMailer = sesMailerOn(port);
    mailer = sesMailer;
    api = await startSignupServer({ mailer: () => sesMailer });
    // What a kill -9 right after the signup's write leaves: the record, its mail unsent.
    const crashed = aSubscription()
      .withAddress('grace@example.com')
      .withTokens()
      .mailedAt(null)
      .withPendingMail(api.clock.now())
      .build();
    await api.store.insert(crashed);

    expect(await api.dispatcher.deliverDue()).toEqual({ sent: 1, failed: 0, refused: 0 });
    const [received] = await ses.received();
    expect(received?.to).toBe('grace@example.com');
    const token = /subscribe\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(received?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const stored = await api.store.findByAddressKey('grace@example.com');
    expect(stored?.subscription.pendingMail).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(token!);
    const confirm = await fetch(`${api.url}/subscribe/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token! }).toString(),
    });
    expect(confirm.status).toBe(200);
    expect((await api.store.findByAddressKey('grace@example.com'))?.subscription.status).toBe(
      'confirmed',
    );
  });
});
