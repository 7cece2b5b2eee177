import type { SuppressionReason } from '@reviews/domain';
import type { SubscriptionStore } from './subscription-store.port.js';

/** One suppressed address: why, since when, and whether it had ever signed up. */
interface SuppressedAddress {
  readonly address: string;
  /** Null only for a record some other writer suppressed without a reason. */
  readonly reason: SuppressionReason | null;
  readonly since: Date;
  readonly signedUp: boolean;
}

/**
 * The suppression list (docs/cli.md#subscriptions-cli), earliest suppression first, from any
 * storage family through the `SubscriptionStore` port. An unreachable store throws.
 */
export class ListSuppressedAddresses {
  constructor(private readonly store: SubscriptionStore) {}

  async execute(): Promise<SuppressedAddress[]> {
    const records = await this.store.findSuppressed();
    return records.map(({ subscription }) => ({
      address: subscription.address,
      reason: subscription.suppressionReason,
      since: subscription.statusChangedAt,
      signedUp: subscription.consent !== null,
    }));
  }
}
