import type { Consent, Subscription, SubscriptionToken } from '@reviews/domain';

const T0 = new Date('2026-11-16T09:00:00Z');

/** Builds consent records: `aConsent().from('page').build()`. */
class ConsentBuilder {
  private value: Consent = {
    at: T0,
    source: 'api',
    userAgent: 'test-agent/1.0',
    clientNetwork: '192.0.2.0/24',
  };

  from(source: Consent['source']): this {
    this.value = { ...this.value, source };
    return this;
  }

  at(at: Date): this {
    this.value = { ...this.value, at };
    return this;
  }

  build(): Consent {
    return this.value;
  }
}

const aConsent = (): ConsentBuilder => new ConsentBuilder();

/**
 * Builds subscriptions in any state, with one confirm and one unsubscribe token whose hashes
 * default to `hashed:confirm-<n>` / `hashed:unsubscribe-<n>` (matching SequentialTokenGenerator).
 */
class SubscriptionBuilder {
  private static counter = 0;
  private value: Subscription;

  constructor() {
    SubscriptionBuilder.counter += 1;
    const n = SubscriptionBuilder.counter;
    this.value = {
      addressKey: `person${n}@example.com`,
      address: `person${n}@example.com`,
      status: 'pending',
      consent: aConsent().build(),
      createdAt: T0,
      statusChangedAt: T0,
      confirmedAt: null,
      lastMailAt: T0,
      suppressionReason: null,
      tokens: [
        token(`hashed:confirm-${n}`, 'confirm'),
        token(`hashed:unsubscribe-${n}`, 'unsubscribe'),
      ],
      pendingMail: null,
    };
  }

  withAddress(address: string): this {
    return this.with({ address, addressKey: address.toLowerCase() });
  }

  withTokens(...tokens: SubscriptionToken[]): this {
    return this.with({ tokens });
  }

  mailedAt(lastMailAt: Date | null): this {
    return this.with({ lastMailAt });
  }

  /** With a verification mail in its outbox, due at `dueAt` (claimed at `claimedAt` if given). */
  withPendingMail(dueAt: Date = T0, claimedAt: Date | null = null, attempts = 0): this {
    return this.with({ pendingMail: { requestedAt: T0, dueAt, claimedAt, attempts } });
  }

  confirmed(at: Date = T0): this {
    return this.with({ status: 'confirmed', confirmedAt: at, statusChangedAt: at });
  }

  unsubscribed(at: Date = T0): this {
    return this.with({ status: 'unsubscribed', statusChangedAt: at });
  }

  declined(at: Date = T0): this {
    return this.with({ status: 'declined', statusChangedAt: at });
  }

  suppressed(reason: 'bounced' | 'complained' = 'bounced', at: Date = T0): this {
    return this.with({ status: 'suppressed', suppressionReason: reason, statusChangedAt: at });
  }

  /** As the operator's suppression records an address that never signed up: no consent, no tokens. */
  neverSignedUp(): this {
    return this.with({ consent: null, tokens: [], lastMailAt: null });
  }

  build(): Subscription {
    return this.value;
  }

  private with(changes: Partial<Subscription>): this {
    this.value = { ...this.value, ...changes };
    return this;
  }
}

export const aSubscription = (): SubscriptionBuilder => new SubscriptionBuilder();

function token(hash: string, purpose: SubscriptionToken['purpose']): SubscriptionToken {
  return { hash, purpose, issuedAt: T0, usedAt: null };
}
