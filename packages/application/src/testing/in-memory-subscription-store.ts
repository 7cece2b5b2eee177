import type { Subscription } from '@reviews/domain';
import {
  SubscriptionStoreUnavailableError,
  bySuppression,
} from '../subscription/subscription-store.port.js';
import type {
  StoredSubscription,
  SubscriptionStore,
} from '../subscription/subscription-store.port.js';

/**
 * A `SubscriptionStore` in a Map, for use-case tests. Honours the conditional-write contract and
 * can be switched unavailable (`unavailable = true`) to exercise the 503 paths.
 */
export class InMemorySubscriptionStore implements SubscriptionStore {
  unavailable = false;
  private readonly records = new Map<string, StoredSubscription>();

  async findByAddressKey(addressKey: string): Promise<StoredSubscription | null> {
    this.check();
    return this.records.get(addressKey) ?? null;
  }

  async findByTokenHash(tokenHash: string): Promise<StoredSubscription | null> {
    this.check();
    for (const stored of this.records.values()) {
      if (stored.subscription.tokens.some((token) => token.hash === tokenHash)) return stored;
    }
    return null;
  }

  async findWithMailDue(now: Date, limit: number): Promise<StoredSubscription[]> {
    this.check();
    return [...this.records.values()]
      .filter(({ subscription }) => {
        const due = subscription.pendingMail?.dueAt;
        return due !== undefined && due.getTime() <= now.getTime();
      })
      .sort(
        (a, b) =>
          a.subscription.pendingMail!.dueAt.getTime() - b.subscription.pendingMail!.dueAt.getTime(),
      )
      .slice(0, limit);
  }

  async findSuppressed(): Promise<StoredSubscription[]> {
    this.check();
    return [...this.records.values()]
      .filter(({ subscription }) => subscription.status === 'suppressed')
      .sort(bySuppression);
  }

  async insert(subscription: Subscription): Promise<StoredSubscription | null> {
    this.check();
    if (this.records.has(subscription.addressKey)) return null;
    return this.put(subscription, 1);
  }

  async update(
    subscription: Subscription,
    expectedVersion: number,
  ): Promise<StoredSubscription | null> {
    this.check();
    const current = this.records.get(subscription.addressKey);
    if (current === undefined || current.version !== expectedVersion) return null;
    return this.put(subscription, expectedVersion + 1);
  }

  async ping(): Promise<void> {
    this.check();
  }

  /** Every record, for assertions. */
  all(): Subscription[] {
    return [...this.records.values()].map((stored) => stored.subscription);
  }

  private put(subscription: Subscription, version: number): StoredSubscription {
    const stored = { subscription, version };
    this.records.set(subscription.addressKey, stored);
    return stored;
  }

  private check(): void {
    if (this.unavailable)
      throw new SubscriptionStoreUnavailableError('The in-memory store is switched off.');
  }
}
