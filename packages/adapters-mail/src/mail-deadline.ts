import { MailDeliveryError } from '@reviews/application';

/**
 * How long one send may take in all, retries included (docs/api.md#mail-deadline): the person
 * who signed up is waiting for the answer. Past it the send is abandoned, its connection closed,
 * and the signup answers 502.
 */
export const MAIL_SEND_DEADLINE_MS = 10_000;

/** What a send abandoned at its deadline is rejected with. */
export function deadlinePassed(provider: string, deadlineMs: number): MailDeliveryError {
  return new MailDeliveryError(
    `${provider} did not answer within the mail deadline (${deadlineMs} ms); the send was abandoned.`,
  );
}
