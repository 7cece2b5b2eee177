import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Mailer } from '../index.js';
import { anOutgoingMail } from './outgoing-mail-builder.js';

/** A message as the receiving side saw it; header names lower-cased. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

interface MailerUnderTest {
  readonly mailer: Mailer;
  /** Everything received since the factory ran, oldest first. */
  readonly received: () => Promise<ReceivedMail[]>;
  readonly close: () => Promise<void>;
}

/** The sender every mailer under test must be configured with. */
export const CONTRACT_FROM = { name: 'Tool Reviews', address: 'no-reply@reviews.example' };

/**
 * The `Mailer` contract, run against every transport (outbox files, SES through a local SES,
 * SMTP through `smtp-server` over TLS and over STARTTLS):
 * what was composed is what arrives, the unsubscribe headers included.
 */
export function describeMailerContract(
  name: string,
  factory: () => Promise<MailerUnderTest>,
): void {
  describe(`${name} (Mailer contract)`, () => {
    let subject: MailerUnderTest;

    beforeEach(async () => {
      subject = await factory();
    });

    afterEach(async () => {
      await subject.close();
    });

    it('delivers the subject, text and HTML to the recipient, from the configured sender', async () => {
      const mail = anOutgoingMail().to('grace@example.org').build();
      await subject.mailer.send(mail);
      const [received] = await subject.received();
      expect(received).toMatchObject({ subject: mail.subject, text: mail.text, html: mail.html });
      expect(received?.to).toContain('grace@example.org');
      expect(received?.from).toContain(CONTRACT_FROM.address);
      expect(received?.from).toContain(CONTRACT_FROM.name);
    });

    it('keeps non-ASCII subject and body text intact', async () => {
      const mail = anOutgoingMail()
        .withSubject('Bestätigen Sie Ihre Anmeldung – Bücher ✓')
        .withText('Grüße — «Zoë» ✓\n')
        .withHtml('<p>Grüße — «Zoë» ✓</p>')
        .build();
      await subject.mailer.send(mail);
      const [received] = await subject.received();
      expect(received).toMatchObject({ subject: mail.subject, text: mail.text, html: mail.html });
    });

    it('carries the List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058)', async () => {
      await subject.mailer.send(anOutgoingMail().build());
      const [received] = await subject.received();
      expect(received?.headers['list-unsubscribe']).toBe(
        '<https://reviews.example/subscribe/unsubscribe?token=def>',
      );
      expect(received?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    });

    it('delivers one message per send', async () => {
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
        await subject.mailer.send(anOutgoingMail().to(to).build());
      }
      const received = await subject.received();
      expect(received.map((mail) => mail.to)).toEqual([
        'a@example.com',
        'b@example.com',
        'c@example.com',
      ]);
    });
  });
}
