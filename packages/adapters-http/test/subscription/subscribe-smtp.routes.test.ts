import { afterEach, describe, expect, it } from '@jest/globals';
import { aSubscription } from '@reviews/application/testing';
import { SmtpMailer } from '../../../adapters-mail/src/smtp-mailer.js';
import { LocalSmtp } from '../../../adapters-mail/test/local-smtp.js';
import { selfSignedCertificate } from '../../../adapters-mail/test/self-signed-certificate.js';
import { StallingSmtp } from '../../../adapters-mail/test/stalling-smtp.js';
import { startSignupServer } from './signup-harness.js';
import type { SignupServer } from './signup-harness.js';

const certificate = selfSignedCertificate();
const credentials = { user: 'mailer', pass: 'secret' };

describe('POST /subscribe with SMTP (STARTTLS required) as the mailer', () => {
  let api: SignupServer;
  let smtp: LocalSmtp;
  let mailer: SmtpMailer;

  async function start(): Promise<void> {
    smtp = await LocalSmtp.start({ security: 'starttls', certificate, credentials });
    const smtpMailer = new SmtpMailer({
      server: { host: 'localhost', port: smtp.port, security: 'starttls', auth: credentials },
      from: 'Tool Reviews <no-reply@reviews.example>',
      clock: { now: () => new Date() },
      trustedCertificates: certificate.cert,
      retryDelaysMs: [10],
    });
    mailer = smtpMailer;
    api = await startSignupServer({ mailer: () => smtpMailer });
  }

  afterEach(async () => {
    mailer.close();
    await api.close();
    await smtp.stop();
  });

  it('answers 502 when the server refuses for good (550), keeps the signup pending, and mails on the retry', async () => {
    await start();
    smtp.refuseNext(550);
    const failed = await api.postJson({ email: 'ada@example.com' });
    expect(failed.status).toBe(502);
    expect(failed.headers.get('retry-after')).toBe('60');
    expect((await api.store.findByAddressKey('ada@example.com'))?.subscription).toMatchObject({
      status: 'pending',
      suppressionReason: null,
    });

    const retry = await api.postJson({ email: 'ada@example.com' });
    expect(retry.status).toBe(200);
    const [received] = await smtp.received();
    expect(received?.to).toBe('ada@example.com');
    expect(received?.subject).toBe('Confirm your newsletter signup at Tool Reviews');
    expect(received?.text).toContain(`${api.url}/subscribe/confirm?token=`);
    expect(received?.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${api.url}/subscribe/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`),
    );
    expect(received?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('answers 200 after a temporary refusal (451) that the retry got past', async () => {
    await start();
    smtp.refuseNext(451);
    expect((await api.postJson({ email: 'grace@example.com' })).status).toBe(200);
    expect(smtp.transactions).toBe(2);
    expect((await smtp.received()).map((m) => m.to)).toEqual(['grace@example.com']);
  });

  it('sends through SMTP the mail of a signup a crash left in the outbox, and its link confirms', async () => {
    await start();
    const crashed = aSubscription()
      .withAddress('lin@example.com')
      .withTokens()
      .mailedAt(null)
      .withPendingMail(api.clock.now())
      .build();
    await api.store.insert(crashed);

    expect(await api.dispatcher.deliverDue()).toEqual({ sent: 1, failed: 0, refused: 0 });
    const [received] = await smtp.received();
    const token = /subscribe\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(received?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const confirm = await fetch(`${api.url}/subscribe/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token! }).toString(),
    });
    expect(confirm.status).toBe(200);
    expect((await api.store.findByAddressKey('lin@example.com'))?.subscription.status).toBe(
      'confirmed',
    );
  });
});

describe('POST /subscribe with an SMTP server that never finishes answering', () => {
  it('answers 502 at the mail deadline, closes the connection, keeps the signup pending, tries nothing in the background, and lets the person retry', async () => {
    const smtp = await StallingSmtp.start({ kind: 'drip', everyMs: 200 });
    // The deadline is shortened here only to keep the test fast (the service's is 10 s).
    const mailer = new SmtpMailer({
      server: { host: '127.0.0.1', port: smtp.port, security: 'none' },
      from: 'Tool Reviews <no-reply@reviews.example>',
      clock: { now: () => new Date() },
      deadlineMs: 1_000,
    });
    const api = await startSignupServer({ mailer: () => mailer });
    try {
      const began = Date.now();
      const failed = await api.postJson({ email: 'stuck@example.com' });
      expect(failed.status).toBe(502);
      expect(Date.now() - began).toBeLessThan(2_000);
      expect(smtp.open).toBe(0);
      const record = await api.store.findByAddressKey('stuck@example.com');
      expect(record?.subscription).toMatchObject({ status: 'pending', pendingMail: null });

      expect(await api.dispatcher.deliverDue()).toEqual({ sent: 0, failed: 0, refused: 0 });
      expect(smtp.connections).toBe(1);

      const retry = await api.postJson({ email: 'stuck@example.com' });
      expect(retry.status).toBe(502);
      expect(smtp.connections).toBe(2);
      expect(smtp.commands).not.toContain('DATA');
    } finally {
      mailer.close();
      await api.close();
      await smtp.stop();
    }
  });
});
