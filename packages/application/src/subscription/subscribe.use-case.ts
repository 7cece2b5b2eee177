import {
  domainError,
  err,
  isInBlockedDomain,
  ok,
  parseEmailAddress,
  recordConsent,
  requestSignup,
  SUBSCRIPTION_RULES_IN_WORDS as RULES,
} from '@reviews/domain';
import type {
  ConsentInput,
  DomainError,
  EmailAddressError,
  Result,
  SignupDecision,
  SignupError,
  Subscription,
} from '@reviews/domain';
import type { RateLimitDecision } from '../rate-limiting/rate-limiter.port.js';
import type { Clock } from '../shared/clock.port.js';
import type { SubscriptionSettings } from './subscription-settings.js';
import type { SubscriptionStore } from './subscription-store.port.js';
import type { VerificationMailDispatcher } from './verification-mail-dispatcher.js';
import { writeWithRetry } from './write-with-retry.js';
import type { WriteStep } from './write-with-retry.js';

export interface SubscribeInput {
  readonly email: string;
  readonly consent: ConsentInput;
}

interface SubscribeOutput {
  readonly status: 'accepted';
  /** False when a mail under 15 minutes old already carries a valid link. */
  readonly mailSent: boolean;
  readonly message: string;
}

/** The mail bucket refused: `decision.retryAfterSeconds` says when to try again. */
interface MailLimitError extends DomainError<'MAIL_LIMIT_REACHED'> {
  readonly decision: RateLimitDecision;
}

/**
 * Expected failures of a signup. Statuses: EMAIL_INVALID 400; ADDRESS_BLOCKED, ADDRESS_DECLINED,
 * ADDRESS_SUPPRESSED 403; ALREADY_CONFIRMED 409; MAIL_LIMIT_REACHED 429; MAIL_DELIVERY_FAILED 502;
 * SIGNUPS_DISABLED 503. A store that cannot be reached throws SubscriptionStoreUnavailableError.
 */
export type SubscribeError =
  | EmailAddressError
  | SignupError
  | DomainError<'SIGNUPS_DISABLED' | 'ADDRESS_BLOCKED' | 'MAIL_DELIVERY_FAILED'>
  | MailLimitError;

const MESSAGES = {
  sent: `Check your inbox: we sent a link to confirm the signup. It works for ${RULES.confirmTokenTtl}; if you ignore it, nothing happens.`,
  recent: `We sent a confirmation link to this address less than ${RULES.resendInterval} ago. Check your inbox and spam folder; the link works for ${RULES.confirmTokenTtl}.`,
  disabled: 'Newsletter signups are switched off for now. Try again later.',
  blocked: 'Signups from this e-mail domain are not accepted. Use another address.',
  mailLimit:
    'This address has received the most confirmation mails allowed in 24 hours. Use the link in one of them, or try again later.',
  mailFailed:
    'We could not send the confirmation mail just now. Your signup is kept; try again in a few minutes.',
} as const;

/**
 * Requests a newsletter signup (double opt-in, docs/api.md#newsletter-signup-double-opt-in). The
 * conditional write to the store decides which of several concurrent requests for one address
 * queues the mail: the record and its verification mail (the outbox entry, without tokens yet) are
 * one write, so a crash after it delays the mail but cannot lose it. The dispatcher then delivers
 * it while the person waits; its outcome is the answer (sent: accepted; mail limit: 429; provider
 * failure: 502, with the mail withdrawn so that a retry is not held back by the 15-minute rule).
 */
export class Subscribe {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly dispatcher: Pick<VerificationMailDispatcher, 'deliverNow'>,
    private readonly clock: Clock,
    private readonly settings: SubscriptionSettings,
  ) {}

  async execute(input: SubscribeInput): Promise<Result<SubscribeOutput, SubscribeError>> {
    if (!this.settings.signupsEnabled)
      return err(domainError('SIGNUPS_DISABLED', MESSAGES.disabled));
    const parsed = parseEmailAddress(input.email);
    if (!parsed.ok) return parsed;
    const address = parsed.value;
    if (isInBlockedDomain(address, this.settings.blockedDomains)) {
      return err(domainError('ADDRESS_BLOCKED', MESSAGES.blocked));
    }
    const now = this.clock.now();
    const request = { address, consent: recordConsent(input.consent, now) };
    const decide = (
      existing: Subscription | null,
    ): WriteStep<Result<SignupDecision, SignupError>> => {
      const decision = requestSignup(existing, request, now);
      const queue = decision.ok && decision.value.kind === 'send-mail';
      return { write: queue ? decision.value.subscription : null, outcome: decision };
    };
    const load = () => this.store.findByAddressKey(address.key);
    const decision = await writeWithRetry(this.store, load, decide);
    if (!decision.ok) return decision;
    if (decision.value.kind === 'mail-recently-sent') return ok(accepted(false));
    const outcome = await this.dispatcher.deliverNow(address.key);
    switch (outcome.kind) {
      case 'sent':
      case 'not-due':
        return ok(accepted(true));
      case 'limit-reached':
        return err({
          ...domainError('MAIL_LIMIT_REACHED', MESSAGES.mailLimit),
          decision: outcome.decision,
        });
      case 'failed':
        return err(domainError('MAIL_DELIVERY_FAILED', MESSAGES.mailFailed));
    }
  }
}

function accepted(mailSent: boolean): SubscribeOutput {
  return { status: 'accepted', mailSent, message: mailSent ? MESSAGES.sent : MESSAGES.recent };
}
