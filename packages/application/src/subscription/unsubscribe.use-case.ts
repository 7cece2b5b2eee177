import { domainError, err, ok, planUnsubscription, SUBSCRIPTION_MESSAGES } from '@reviews/domain';
import type { Result, Subscription, UnsubscriptionError } from '@reviews/domain';
import type { Clock } from '../shared/clock.port.js';
import type { SubscriptionStore } from './subscription-store.port.js';
import type { TokenGenerator } from './token-generator.port.js';
import { writeWithRetry } from './write-with-retry.js';
import type { WriteStep } from './write-with-retry.js';

interface UnsubscribeInput {
  readonly token: string;
}

/**
 * - `unsubscribed`: a confirmed subscription ended;
 * - `cancelled`: a pending signup was cancelled and the address is declined for 30 days;
 * - `already-unsubscribed`: the token was used before or nothing was subscribed (a success).
 */
interface UnsubscribeOutput {
  readonly outcome: 'unsubscribed' | 'cancelled' | 'already-unsubscribed';
}

type UnsubscribeResult = Result<UnsubscribeOutput, UnsubscriptionError>;

/**
 * Unsubscribes with the token of an unsubscribe link or `List-Unsubscribe` header (RFC 8058
 * one-click included). Only error: TOKEN_UNKNOWN. An unreachable store throws.
 */
export class Unsubscribe {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: UnsubscribeInput): Promise<UnsubscribeResult> {
    const hash = this.tokens.hash(input.token);
    const now = this.clock.now();
    const decide = (existing: Subscription | null): WriteStep<UnsubscribeResult> => {
      if (existing === null) {
        const unknown = domainError('TOKEN_UNKNOWN', SUBSCRIPTION_MESSAGES.TOKEN_UNKNOWN);
        return { write: null, outcome: err(unknown) };
      }
      const plan = planUnsubscription(existing, hash, now);
      if (!plan.ok) return { write: null, outcome: plan };
      switch (plan.value.kind) {
        case 'already-unsubscribed':
          return { write: null, outcome: ok({ outcome: 'already-unsubscribed' }) };
        case 'unsubscribe':
          return { write: plan.value.subscription, outcome: ok({ outcome: 'unsubscribed' }) };
        case 'cancel':
          return { write: plan.value.subscription, outcome: ok({ outcome: 'cancelled' }) };
      }
    };
    return writeWithRetry(this.store, () => this.store.findByTokenHash(hash), decide);
  }
}
