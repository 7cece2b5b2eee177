/** A mail header added verbatim by the transport (e.g. `List-Unsubscribe`). ASCII values only. */
export interface MailHeader {
  readonly name: string;
  readonly value: string;
}

/**
 * A composed message, transport-neutral. The sender (`From`), `Date`, `Message-ID` and MIME
 * structure are the mailer's business. `confirmUrl` is the action link of a verification mail:
 * it may be logged (embedded mode logs it, docs/api.md#newsletter-signup-double-opt-in); `to` must
 * never be logged.
 */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: readonly MailHeader[];
  readonly confirmUrl?: string;
}

/**
 * Sends mail. Resolves once the provider (or the outbox) has accepted the message; throws
 * `MailDeliveryError` when it did not, so the caller can keep the signup retryable (502).
 * Implementations: `OutboxMailer` (embedded: `.eml` files), `SesMailer` (Amazon SES v2) and
 * `SmtpMailer` (any SMTP server). A provider's refusal is a `MailDeliveryError`, never a bounce:
 * nothing may suppress the address for it.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /**
   * What a person signing up should know when mail does not reach their inbox (a local outbox),
   * in their words, for the signup page; none for a real provider.
   */
  readonly deliveryNote?: string;
}

/** The provider refused or could not be reached; nothing was sent. */
export class MailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}
