import { err, ok, parseEmailAddress, planSuppression } from '@reviews/domain';
import type { EmailAddressError, Result, Subscription, SuppressionReason } from '@reviews/domain';
import type { Clock } from '../shared/clock.port.js';
import type { SubscriptionStore } from './subscription-store.port.js';
import { writeWithRetry } from './write-with-retry.js';
import type { WriteStep } from './write-with-retry.js';

interface SuppressAddressInput {
  readonly address: string;
  readonly reason: SuppressionReason;
}

/**
 * - `suppressed`: the address is suppressed from now on (`subscription` as stored);
 * - `already-suppressed`: it was before; `subscription` keeps the first reason and time.
 */
interface SuppressAddressOutput {
  readonly outcome: 'suppressed' | 'already-suppressed';
  readonly subscription: Subscription;
}

type SuppressAddressResult = Result<SuppressAddressOutput, EmailAddressError>;

/**
 * The operator suppresses a bounced or complaining address (docs/cli.md#subscriptions-cli): it is
 * never mailed again and its signups are refused with 403, on every instance and storage family,
 * since it goes through the `SubscriptionStore` port only. Idempotent. Only error: EMAIL_INVALID.
 * An unreachable store throws.
 */
export class SuppressAddress {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: SuppressAddressInput): Promise<SuppressAddressResult> {
    const parsed = parseEmailAddress(input.address);
    if (!parsed.ok) return err(parsed.error);
    const address = parsed.value;
    const now = this.clock.now();
    const decide = (existing: Subscription | null): WriteStep<SuppressAddressResult> => {
      const plan = planSuppression(existing, address, input.reason, now);
      if (plan.kind === 'already-suppressed') {
        return {
          write: null,
          outcome: ok({ outcome: 'already-suppressed', subscription: plan.subscription }),
        };
      }
      return {
        write: plan.subscription,
        outcome: ok({ outcome: 'suppressed', subscription: plan.subscription }),
      };
    };
    return writeWithRetry(this.store, () => this.store.findByAddressKey(address.key), decide);
  }
}
