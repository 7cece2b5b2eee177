import { domainError, err, ok, planConfirmation, SUBSCRIPTION_MESSAGES } from '@reviews/domain';
import type { ConfirmationError, Result, Subscription } from '@reviews/domain';
import type { Clock } from '../shared/clock.port.js';
import type { SubscriptionStore } from './subscription-store.port.js';
import type { TokenGenerator } from './token-generator.port.js';
import { writeWithRetry } from './write-with-retry.js';
import type { WriteStep } from './write-with-retry.js';

interface ConfirmSubscriptionInput {
  readonly token: string;
}

/** `already-confirmed` is a success: a second confirmation shows that, never an error. */
interface ConfirmSubscriptionOutput {
  readonly outcome: 'confirmed' | 'already-confirmed';
}

type ConfirmResult = Result<ConfirmSubscriptionOutput, ConfirmationError>;

/**
 * Confirms a pending signup with the token of its verification mail (the POST behind the
 * Confirm button; the GET page only previews). Errors: TOKEN_UNKNOWN, TOKEN_EXPIRED, TOKEN_USED,
 * SUBSCRIPTION_ENDED, ADDRESS_SUPPRESSED. An unreachable store throws.
 */
export class ConfirmSubscription {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: ConfirmSubscriptionInput): Promise<ConfirmResult> {
    const hash = this.tokens.hash(input.token);
    const now = this.clock.now();
    const decide = (existing: Subscription | null): WriteStep<ConfirmResult> => {
      if (existing === null) {
        const unknown = domainError('TOKEN_UNKNOWN', SUBSCRIPTION_MESSAGES.TOKEN_UNKNOWN);
        return { write: null, outcome: err(unknown) };
      }
      const plan = planConfirmation(existing, hash, now);
      if (!plan.ok) return { write: null, outcome: plan };
      if (plan.value.kind === 'already-confirmed') {
        return { write: null, outcome: ok({ outcome: 'already-confirmed' }) };
      }
      return { write: plan.value.subscription, outcome: ok({ outcome: 'confirmed' }) };
    };
    return writeWithRetry(this.store, () => this.store.findByTokenHash(hash), decide);
  }
}
