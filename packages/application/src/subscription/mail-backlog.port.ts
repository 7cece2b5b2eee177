/**
 * How many verification mails are accepted (their signup saved) but not yet handed to the mail
 * provider: what a durable mail outbox still has to deliver. Exposed as a metric when the mail
 * side provides it; an implementation must count real undelivered records, not delivered mail.
 */
export interface MailBacklog {
  pending(): Promise<number>;
}
