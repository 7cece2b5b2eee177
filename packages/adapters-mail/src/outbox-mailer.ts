import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MailDeliveryError } from '@reviews/application';
import type { Clock, Logger, Mailer, OutgoingMail } from '@reviews/application';
import { renderMimeMessage } from './mime-message.js';

interface OutboxMailerOptions {
  /** `DATA_DIR`: messages go to `<dataDir>/outbox/`. */
  readonly dataDir: string;
  /** `MAIL_FROM`, e.g. `Reviews <no-reply@localhost>`. */
  readonly from: string;
  /** Only what was sent is logged, never an e-mail address. */
  readonly logger: Pick<Logger, 'info'>;
  readonly clock: Clock;
  /**
   * Where a person running the service reads the confirmation link: one plain line (the link and
   * the file, never the address). Unset: only the log line.
   */
  readonly announce?: (line: string) => void;
}

/**
 * The embedded `Mailer` (docs/api.md#newsletter-signup-double-opt-in): each message becomes one RFC
 * 5322 `.eml` file under `<dataDir>/outbox/`, written to a hidden temp file, fsync'd and renamed,
 * so a reader never sees half a message. The confirmation link is logged, and announced on one
 * plain line, so that a person running the service locally can follow it; the recipient's address
 * is not (it is in the file only).
 */
export class OutboxMailer implements Mailer {
  /** The folder the messages are written to. */
  readonly outbox: string;

  /** No mail leaves this machine: the signup page says where it goes instead. */
  readonly deliveryNote: string;

  constructor(private readonly options: OutboxMailerOptions) {
    this.outbox = join(options.dataDir, 'outbox');
    this.deliveryNote = `This service runs locally, so no mail is sent: it is written to ${this.outbox}, and the confirmation link is also printed where the service was started.`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const now = this.options.clock.now();
    const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
    const temp = join(this.outbox, `.${name}.tmp`);
    try {
      await mkdir(this.outbox, { recursive: true });
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(await renderMimeMessage(mail, this.options.from, now));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, join(this.outbox, name));
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw new MailDeliveryError('Could not write the message to the outbox.', { cause: error });
    }
    this.options.logger.info(
      {
        outboxFile: name,
        ...(mail.confirmUrl === undefined ? {} : { confirmUrl: mail.confirmUrl }),
      },
      'verification mail written to the outbox',
    );
    if (mail.confirmUrl !== undefined)
      this.options.announce?.(
        `Confirmation link (the mail is ${join(this.outbox, name)}): ${mail.confirmUrl}`,
      );
  }
}
