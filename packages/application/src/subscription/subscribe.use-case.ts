import {
  domainError,
  err,
  isInBlockedDomain,
  mailFailed,
  ok,
  parseEmailAddress,
  recordConsent,
  requestSignup,
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
import type { RateLimitDecision, RateLimiter } from '../rate-limiting/rate-limiter.port.js';
import type { Clock } from '../shared/clock.port.js';
import { MailDeliveryError } from './mailer.port.js';
import type { Mailer } from './mailer.port.js';
import { SUBSCRIPTION_BUCKETS } from './subscription-settings.js';
import type { SubscriptionSettings } from './subscription-settings.js';
import { SubscriptionStoreUnavailableError } from './subscription-store.port.js';
import type { SubscriptionStore } from './subscription-store.port.js';
import type { GeneratedToken, TokenGenerator } from './token-generator.port.js';
import { composeVerificationMail } from './verification-mail.js';
import { writeWithRetry } from './write-with-retry.js';
import type { WriteStep } from './write-with-retry.js';

export interface SubscribeInput {
  readonly email: string;
  readonly consent: ConsentInput;
}

export interface SubscribeOutput {
  readonly status: 'accepted';
  /** False when a mail under 15 minutes old already carries a valid link. */
  readonly mailSent: boolean;
  readonly message: string;
}

/** The mail bucket refused: `decision.retryAfterSeconds` says when to try again. */
export interface MailLimitError extends DomainError<'MAIL_LIMIT_REACHED'> {
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
  sent: 'Check your inbox: we sent a link to confirm the signup. It works for 48 hours; if you ignore it, nothing happens.',
  recent:
    'We sent a confirmation link to this address less than 15 minutes ago. Check your inbox and spam folder; the link works for 48 hours.',
  disabled: 'Newsletter signups are switched off for now. Try again later.',
  blocked: 'Signups from this e-mail domain are not accepted. Use another address.',
  mailLimit:
    'This address has received the most confirmation mails allowed in 24 hours. Use the link in one of them, or try again later.',
  mailFailed:
    'We could not send the confirmation mail just now. Your signup is kept; try again in a few minutes.',
} as const;

/**
 * Requests a newsletter signup (double opt-in, contract §7). The conditional write to the store
 * decides which of several concurrent requests for one address sends the mail: the winner
 * records `lastMailAt` before sending, so every other request sees "mail recently sent". Only
 * after winning is the per-address `mail` bucket consumed. If the mail then fails, the claim is
 * withdrawn so the person's retry is not held back by the 15-minute rule.
 */
export class Subscribe {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly mailer: Mailer,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
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
    const confirm = this.tokens.generate();
    const unsubscribe = this.tokens.generate();
    const request = {
      address,
      consent: recordConsent(input.consent, now),
      hashes: { confirmHash: confirm.hash, unsubscribeHash: unsubscribe.hash },
    };
    const decide = (
      existing: Subscription | null,
    ): WriteStep<Result<SignupDecision, SignupError>> => {
      const decision = requestSignup(existing, request, now);
      const send = decision.ok && decision.value.kind === 'send-mail';
      return { write: send ? decision.value.subscription : null, outcome: decision };
    };
    const load = () => this.store.findByAddressKey(address.key);
    const claim = await writeWithRetry(this.store, load, decide);
    if (!claim.ok) return claim;
    if (claim.value.kind === 'mail-recently-sent') return ok(accepted(false));
    return this.sendMail(claim.value.subscription, confirm, unsubscribe);
  }

  private async sendMail(
    claimed: Subscription,
    confirm: GeneratedToken,
    unsubscribe: GeneratedToken,
  ): Promise<Result<SubscribeOutput, SubscribeError>> {
    const decision = await this.limiter.consume(SUBSCRIPTION_BUCKETS.mail, claimed.addressKey);
    if (!decision.allowed) {
      await this.withdrawClaim(claimed);
      return err({ ...domainError('MAIL_LIMIT_REACHED', MESSAGES.mailLimit), decision });
    }
    const mail = composeVerificationMail({
      to: claimed.address,
      serviceName: this.settings.serviceName,
      baseUrl: this.settings.baseUrl,
      confirmToken: confirm.token,
      unsubscribeToken: unsubscribe.token,
    });
    try {
      await this.mailer.send(mail);
    } catch (error) {
      await this.withdrawClaim(claimed);
      if (error instanceof MailDeliveryError) {
        return err(domainError('MAIL_DELIVERY_FAILED', MESSAGES.mailFailed));
      }
      throw error;
    }
    return ok(accepted(true));
  }

  /** Clears `lastMailAt` if it is still this request's claim (nobody has moved on since). */
  private async withdrawClaim(claimed: Subscription): Promise<void> {
    const claimedAt = claimed.lastMailAt?.getTime();
    try {
      const load = () => this.store.findByAddressKey(claimed.addressKey);
      await writeWithRetry(this.store, load, (existing) => {
        const stillOurs = existing !== null && existing.lastMailAt?.getTime() === claimedAt;
        return { write: stillOurs ? mailFailed(existing) : null, outcome: undefined };
      });
    } catch (error) {
      // The answer is already a failure; an unreachable store only means the 15-minute rule
      // may hold the retry back. Anything else is a bug and must surface.
      if (!(error instanceof SubscriptionStoreUnavailableError)) throw error;
    }
  }
}

function accepted(mailSent: boolean): SubscribeOutput {
  return { status: 'accepted', mailSent, message: mailSent ? MESSAGES.sent : MESSAGES.recent };
}
