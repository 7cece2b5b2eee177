import type { SESv2Client, SESv2ClientConfig } from '@aws-sdk/client-sesv2';
import { MailDeliveryError } from '@reviews/application';
import type { Mailer, OutgoingMail } from '@reviews/application';
import { deadlinePassed, MAIL_SEND_DEADLINE_MS } from './mail-deadline.js';
import { formatSender } from './mime-message.js';

interface SesMailerOptions {
  /** `SES_REGION`. */
  readonly region: string;
  /** `SES_ENDPOINT`, for a local SES; unset for Amazon's. */
  readonly endpoint?: string | undefined;
  /** `MAIL_FROM`: must be a verified identity in SES. */
  readonly from: string;
  /** Static credentials (tests, local SES); unset uses the AWS SDK's default chain. */
  readonly credentials?: SESv2ClientConfig['credentials'];
  /** The whole send's deadline, retries included; default `MAIL_SEND_DEADLINE_MS` (tests shorten it). */
  readonly deadlineMs?: number;
}

/**
 * A `Mailer` through Amazon SES v2 `SendEmail` with simple content: SES builds the MIME message,
 * and the `Headers` member carries `List-Unsubscribe` and `List-Unsubscribe-Post`. Any failure
 * (refused, throttled, unreachable, timed out) becomes `MailDeliveryError`. The person is waiting
 * for the answer: connecting and each request have their own timeouts, and the whole send, the
 * SDK's retry included, a deadline (docs/api.md#mail-deadline), at which the SDK aborts the
 * request and closes its connection.
 *
 * The AWS SDK is loaded with the first message, not with this module, so that a service that
 * sends no mail through SES never loads it (docs/performance.md, "Start-up: modules").
 */
export class SesMailer implements Mailer {
  private client: SESv2Client | undefined;
  private readonly from: string;

  constructor(private readonly options: SesMailerOptions) {
    this.from = formatSender(options.from);
  }

  async send(mail: OutgoingMail): Promise<void> {
    const deadlineMs = this.options.deadlineMs ?? MAIL_SEND_DEADLINE_MS;
    const deadline = AbortSignal.timeout(deadlineMs);
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    const { region, endpoint, credentials } = this.options;
    this.client ??= new SESv2Client({
      region,
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(credentials === undefined ? {} : { credentials }),
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 5_000 },
    });
    const client = this.client;
    const command = new SendEmailCommand({
      FromEmailAddress: this.from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            Html: { Data: mail.html, Charset: 'UTF-8' },
          },
          Headers: mail.headers.map((header) => ({ Name: header.name, Value: header.value })),
        },
      },
    });
    try {
      await client.send(command, { abortSignal: deadline });
    } catch (error) {
      if (deadline.aborted) throw deadlinePassed('Amazon SES', deadlineMs);
      throw new MailDeliveryError('Amazon SES did not accept the message.', { cause: error });
    }
  }

  /** Closes the SDK's connection pool (on shutdown). */
  close(): void {
    this.client?.destroy();
  }
}
