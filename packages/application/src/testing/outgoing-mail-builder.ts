import type { MailHeader, OutgoingMail } from '../index.js';

/** Builds outgoing mails: `anOutgoingMail().to('x@example.com').withSubject('…').build()`. */
class OutgoingMailBuilder {
  private value: OutgoingMail = {
    to: 'ada@example.com',
    subject: 'Confirm your newsletter signup at Tool Reviews',
    text: 'Hello,\n\nOpen https://reviews.example/subscribe/confirm?token=abc to confirm.\n',
    html: '<p>Hello,</p><p><a href="https://reviews.example/subscribe/confirm?token=abc">Confirm</a></p>',
    headers: [
      {
        name: 'List-Unsubscribe',
        value: '<https://reviews.example/subscribe/unsubscribe?token=def>',
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
    confirmUrl: 'https://reviews.example/subscribe/confirm?token=abc',
  };

  to(to: string): this {
    return this.with({ to });
  }

  withSubject(subject: string): this {
    return this.with({ subject });
  }

  withText(text: string): this {
    return this.with({ text });
  }

  withHtml(html: string): this {
    return this.with({ html });
  }

  withHeaders(headers: MailHeader[]): this {
    return this.with({ headers });
  }

  build(): OutgoingMail {
    return this.value;
  }

  private with(changes: Partial<OutgoingMail>): this {
    this.value = { ...this.value, ...changes };
    return this;
  }
}

export const anOutgoingMail = (): OutgoingMailBuilder => new OutgoingMailBuilder();
