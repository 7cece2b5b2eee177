import type { Subscription } from '@reviews/domain';

/** A subscription as stored, with the version its next conditional write must name. */
export interface StoredSubscription {
  readonly subscription: Subscription;
  readonly version: number;
}

/**
 * Where subscriptions live: one record per `addressKey`. Writes are conditional so that several
 * requests — in one process or across instances — can race on one address and exactly one wins:
 * the losers get `null`, re-read and decide again. A MongoDB store implements `insert` with a
 * unique `_id` and `update` with `updateOne({ _id, version: expectedVersion })`.
 *
 * Contract (checked by `describeSubscriptionStoreContract`, docs/adapters.md#subscriptionstore):
 * - a write resolves only once it is durable: an acknowledged write survives a crash, and a
 *   second client (another instance) or a reopened store reads it;
 * - reads return what was written, Dates included, and never a write that was not acknowledged;
 * - atomic conditional writes: of 20 concurrent inserts of one address, or 20 concurrent updates
 *   at one version, exactly one wins and the others get `null`;
 * - `findByTokenHash` finds the record holding a token with that hash (hashes are unique); a hash
 *   an update dropped no longer finds it;
 * - `findWithMailDue` finds records whose `pendingMail.dueAt` is at or before `now`, earliest
 *   first, up to `limit`, and follows updates (a sent mail is no longer due);
 * - `findSuppressed` lists the suppressed records, in the order they were suppressed;
 * - a record without consent (`consent: null`, an address suppressed before any signup) is kept
 *   as any other;
 * - any failure to reach the storage throws `SubscriptionStoreUnavailableError`, within seconds.
 */
export interface SubscriptionStore {
  findByAddressKey(addressKey: string): Promise<StoredSubscription | null>;
  findByTokenHash(tokenHash: string): Promise<StoredSubscription | null>;
  /**
   * The verification-mail outbox: up to `limit` records whose `pendingMail` is not null and
   * whose `pendingMail.dueAt <= now`, earliest `dueAt` first. A MongoDB store answers it with
   * `find({ 'pendingMail.dueAt': { $lte: now } }).sort({ 'pendingMail.dueAt': 1 }).limit(limit)`
   * over an index on `pendingMail.dueAt`.
   */
  findWithMailDue(now: Date, limit: number): Promise<StoredSubscription[]>;
  /**
   * Every record whose latest version is `suppressed` (docs/cli.md#subscriptions-cli), earliest
   * `statusChangedAt` first, then by `addressKey`. A record suppressed and later changed is not
   * listed. A MongoDB store answers it from an index on `status`.
   */
  findSuppressed(): Promise<StoredSubscription[]>;
  /** Stores a new record at version 1; `null` if one with this `addressKey` already exists. */
  insert(subscription: Subscription): Promise<StoredSubscription | null>;
  /**
   * Replaces the record of `subscription.addressKey` if its version is still `expectedVersion`,
   * and returns it at `expectedVersion + 1`; `null` if the version moved on or the record is gone.
   */
  update(subscription: Subscription, expectedVersion: number): Promise<StoredSubscription | null>;
  /** Resolves when the store can serve requests (for `/readyz`); throws otherwise. */
  ping(): Promise<void>;
}

/** The order `findSuppressed` promises: earliest suppression first, then by address key. */
export function bySuppression(a: StoredSubscription, b: StoredSubscription): number {
  const time = a.subscription.statusChangedAt.getTime() - b.subscription.statusChangedAt.getTime();
  if (time !== 0) return time;
  return a.subscription.addressKey < b.subscription.addressKey ? -1 : 1;
}

/** The store cannot be reached or cannot write durably. Adapters answer 503 ("retry later"). */
export class SubscriptionStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SubscriptionStoreUnavailableError';
  }
}
