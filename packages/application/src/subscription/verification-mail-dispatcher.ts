import {
  claimMail,
  holdsClaim,
  isMailBeingSent,
  isMailDue,
  mailRetryAt,
  mailSent,
  mailWithdrawn,
  mailboxKey,
} from '@reviews/domain';
import type { Subscription } from '@reviews/domain';
import type { RateLimitDecision, RateLimiter } from '../rate-limiting/rate-limiter.port.js';
import type { Clock } from '../shared/clock.port.js';
import type { Logger } from '../shared/logger.port.js';
import { MailDeliveryError } from './mailer.port.js';
import type { Mailer } from './mailer.port.js';
import { BUCKETS } from '../rate-limiting/buckets.js';
import type { SubscriptionSettings } from './subscription-settings.js';
import { SubscriptionStoreUnavailableError } from './subscription-store.port.js';
import type { SubscriptionStore } from './subscription-store.port.js';
import type { TokenGenerator } from './token-generator.port.js';
import { composeVerificationMail } from './verification-mail.js';
import { writeWithRetry } from './write-with-retry.js';

export interface MailDispatchOptions {
  /** How long one sending attempt holds its claim: a crash mid-send delays the mail this long. */
  readonly claimMs?: number;
  /** Waits before the background retries after a provider failure; then the mail is dropped. */
  readonly retryDelaysMs?: readonly number[];
  /** Records read from the outbox per round of a sweep. */
  readonly batchSize?: number;
  /** How often the outbox is swept for mails that are due (after a crash or a failure). */
  readonly sweepIntervalMs?: number;
}

/** What delivering one address's pending mail came to. */
type MailDispatchOutcome =
  | { readonly kind: 'sent' }
  /** Nothing to send: no pending mail, or another attempt holds it right now. */
  | { readonly kind: 'not-due' }
  | { readonly kind: 'limit-reached'; readonly decision: RateLimitDecision }
  | { readonly kind: 'failed' };

interface SweepReport {
  readonly sent: number;
  readonly failed: number;
  readonly refused: number;
}

const DEFAULTS = {
  claimMs: 2 * 60_000,
  retryDelaysMs: [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000],
  batchSize: 16,
  sweepIntervalMs: 30_000,
} as const;

type Mode = 'prompt' | 'background';

/**
 * Delivers the verification mails that signups leave in their records' outbox
 * (docs/api.md#verification-mails-survive-a-crash-outbox-and-dispatcher). A mail is claimed by a
 * conditional write that also stores the hashes of its fresh tokens (the tokens themselves exist
 * only in memory and in the mail), counted in the per-mailbox `mail` bucket, sent, then cleared.
 * `deliverNow` serves a signup whose requester waits for the answer: a provider failure or the mail
 * limit withdraws the mail, so the answer (502/429) is the whole story and a retry is not held
 * back. `deliverDue` sweeps the outbox at start and periodically: it sends what a crash left (an
 * expired claim is due again, so delivery is at least once) and retries provider failures with
 * backoff.
 */
export class VerificationMailDispatcher {
  private readonly options: Required<MailDispatchOptions>;
  private sweeping: Promise<SweepReport> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: SubscriptionStore,
    private readonly mailer: Mailer,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly settings: Pick<SubscriptionSettings, 'serviceName' | 'baseUrl'>,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    options: MailDispatchOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Delivers the pending mail of `addressKey` now, unless another attempt is sending it. */
  deliverNow(addressKey: string): Promise<MailDispatchOutcome> {
    return this.deliver(addressKey, 'prompt');
  }

  /** Sends every mail that is due; concurrent calls share one sweep. */
  deliverDue(): Promise<SweepReport> {
    this.sweeping ??= this.sweep().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** Sweeps now (recovering what a crash left), then every `sweepIntervalMs`. */
  start(): void {
    if (this.timer !== null) return;
    const run = () => {
      this.deliverDue().catch((error: unknown) => {
        this.logger.warn({ reason: describe(error) }, 'verification mail outbox sweep failed');
      });
    };
    this.timer = setInterval(run, this.options.sweepIntervalMs);
    this.timer.unref();
    run();
  }

  /** Stops sweeping and waits for a sweep under way. */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping?.catch(() => undefined);
  }

  private async sweep(): Promise<SweepReport> {
    const seen = new Set<string>();
    const report = { sent: 0, failed: 0, refused: 0 };
    for (;;) {
      const due = await this.store.findWithMailDue(this.clock.now(), this.options.batchSize);
      const fresh = due.filter(({ subscription }) => !seen.has(subscription.addressKey));
      if (fresh.length === 0) break;
      await Promise.all(
        fresh.map(async ({ subscription }) => {
          seen.add(subscription.addressKey);
          const outcome = await this.deliver(subscription.addressKey, 'background').catch(
            (error: unknown) => {
              this.logger.warn({ reason: describe(error) }, 'verification mail not delivered');
              return { kind: 'failed' } as const;
            },
          );
          if (outcome.kind === 'sent') report.sent++;
          if (outcome.kind === 'failed') report.failed++;
          if (outcome.kind === 'limit-reached') report.refused++;
        }),
      );
    }
    if (report.sent + report.failed + report.refused > 0) {
      this.logger.info({ ...report }, 'verification mail outbox swept');
    }
    return report;
  }

  private async deliver(addressKey: string, mode: Mode): Promise<MailDispatchOutcome> {
    const now = this.clock.now();
    const confirm = this.tokens.generate();
    const unsubscribe = this.tokens.generate();
    const hashes = { confirmHash: confirm.hash, unsubscribeHash: unsubscribe.hash };
    const load = () => this.store.findByAddressKey(addressKey);
    const claimed = await writeWithRetry(this.store, load, (existing) => {
      // Only a pending signup is mailed (transitions clear the entry; this guards old records).
      const deliverable =
        existing !== null &&
        existing.status === 'pending' &&
        existing.pendingMail !== null &&
        (mode === 'prompt' ? !isMailBeingSent(existing, now) : isMailDue(existing, now));
      if (existing !== null && existing.status !== 'pending' && existing.pendingMail !== null) {
        return { write: mailWithdrawn(existing), outcome: null };
      }
      if (!deliverable) return { write: null, outcome: null };
      const next = claimMail(existing, hashes, now, this.options.claimMs);
      return { write: next, outcome: next };
    });
    if (claimed === null) return { kind: 'not-due' };

    const decision = await this.limiter.consume(BUCKETS.mail, mailboxKey(claimed.address));
    if (!decision.allowed) {
      await this.settle(claimed, mailWithdrawn);
      if (mode === 'background') {
        this.logger.info({}, 'pending verification mail dropped: its mailbox is at its mail limit');
      }
      return { kind: 'limit-reached', decision };
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
      await this.settle(claimed, this.afterFailure(claimed, mode, now, error));
      if (mode === 'prompt' && !(error instanceof MailDeliveryError)) throw error;
      return { kind: 'failed' };
    }
    await this.settle(claimed, mailSent);
    return { kind: 'sent' };
  }

  /** A waiting person gets the failure (502) and may retry; the background tries again later. */
  private afterFailure(
    claimed: Subscription,
    mode: Mode,
    now: Date,
    error: unknown,
  ): (subscription: Subscription) => Subscription {
    if (mode === 'prompt') return mailWithdrawn;
    const attempts = claimed.pendingMail?.attempts ?? 1;
    const wait = this.options.retryDelaysMs[attempts - 1];
    const fields = { attempts, reason: describe(error) };
    if (wait === undefined) {
      this.logger.warn(fields, 'verification mail dropped after repeated provider failures');
      return mailWithdrawn;
    }
    this.logger.warn({ ...fields, retryInMs: wait }, 'verification mail failed; will retry');
    return (subscription) => mailRetryAt(subscription, new Date(now.getTime() + wait));
  }

  /** Applies `change` if the record still holds this attempt's claim. */
  private async settle(
    claimed: Subscription,
    change: (subscription: Subscription) => Subscription,
  ): Promise<void> {
    const load = () => this.store.findByAddressKey(claimed.addressKey);
    try {
      await writeWithRetry(this.store, load, (existing) => ({
        write: existing !== null && holdsClaim(existing, claimed) ? change(existing) : null,
        outcome: undefined,
      }));
    } catch (error) {
      // The claim then simply expires: the mail is tried again (at least once, never lost).
      if (!(error instanceof SubscriptionStoreUnavailableError)) throw error;
      this.logger.warn(
        { reason: error.message },
        'could not record a verification mail attempt; its claim will expire',
      );
    }
  }
}

/** An error's kind and message for logs, with anything shaped like an address blanked out
 * (provider messages can name the recipient). */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g, '<address>');
}
