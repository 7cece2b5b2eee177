import { MailDeliveryError } from '../subscription/mailer.port.js';
import type { Mailer, OutgoingMail } from '../subscription/mailer.port.js';

/** A `Mailer` that keeps what it was given; `failing = true` makes it refuse like a provider. */
export class RecordingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  failing = false;

  async send(mail: OutgoingMail): Promise<void> {
    if (this.failing) throw new MailDeliveryError('The recording mailer is set to fail.');
    this.sent.push(mail);
  }

  /** The mails sent to one address (compared case-insensitively). */
  sentTo(address: string): OutgoingMail[] {
    return this.sent.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  }
}
