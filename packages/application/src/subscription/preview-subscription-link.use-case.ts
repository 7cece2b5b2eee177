import {
  domainError,
  err,
  ok,
  planConfirmation,
  planUnsubscription,
  SUBSCRIPTION_MESSAGES,
} from '@reviews/domain';
import type { ConfirmationError, Result, UnsubscriptionError } from '@reviews/domain';
import type { Clock } from '../shared/clock.port.js';
import type { SubscriptionStore } from './subscription-store.port.js';
import type { TokenGenerator } from './token-generator.port.js';

type SubscriptionLinkPurpose = 'confirm' | 'unsubscribe';

interface PreviewSubscriptionLinkInput {
  readonly token: string;
  readonly purpose: SubscriptionLinkPurpose;
}

/**
 * What pressing the button of the link's page would do: `confirm` / `already-confirmed` for a
 * confirmation link; `unsubscribe` / `cancel` / `already-unsubscribed` for an unsubscribe link.
 */
interface PreviewSubscriptionLinkOutput {
  readonly action:
    'confirm' | 'already-confirmed' | 'unsubscribe' | 'cancel' | 'already-unsubscribed';
}

/**
 * Reads what a link would do without doing it, for the GET pages behind the mail's links: link
 * scanners follow GETs, so a GET must change nothing (docs/api.md#newsletter-signup-double-opt-in).
 * Same errors as the actions.
 */
export class PreviewSubscriptionLink {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(
    input: PreviewSubscriptionLinkInput,
  ): Promise<Result<PreviewSubscriptionLinkOutput, ConfirmationError | UnsubscriptionError>> {
    const hash = this.tokens.hash(input.token);
    const stored = await this.store.findByTokenHash(hash);
    if (stored === null) {
      return err(domainError('TOKEN_UNKNOWN', SUBSCRIPTION_MESSAGES.TOKEN_UNKNOWN));
    }
    const now = this.clock.now();
    const plan =
      input.purpose === 'confirm'
        ? planConfirmation(stored.subscription, hash, now)
        : planUnsubscription(stored.subscription, hash, now);
    return plan.ok ? ok({ action: plan.value.kind }) : plan;
  }
}
