import { MongoServerError, type Collection, type Db } from 'mongodb';
import { SubscriptionStoreUnavailableError } from '@reviews/application';
import type { StoredSubscription, SubscriptionStore } from '@reviews/application';
import type { Subscription } from '@reviews/domain';
import { fromDocument, toDocument, type SubscriptionDocument } from './mongo-subscription.codec.js';

export interface MongoSubscriptionStoreOptions {
  /** How often expired pending signups are deleted where the server has no TTL index (default 10 min). */
  readonly sweepIntervalMs?: number;
  readonly now?: () => Date;
}

/** How expired pending signups go away: the server's TTL monitor, or this store's sweep. */
export type ExpiryMechanism = 'ttl-index' | 'sweep';

const COLLECTION = 'subscriptions';
const DUPLICATE_KEY = 11000;
/** Acknowledged only once journaled on a majority: an acknowledged signup survives a crash. */
const DURABLE = { writeConcern: { w: 'majority', j: true } } as const;

/**
 * The shared `SubscriptionStore` (contract §7) in the `subscriptions` collection: `_id` is the
 * address key, so two instances inserting one address race on the unique `_id` and one wins;
 * updates are `replaceOne({ _id, version })`, so exactly one writer per version wins. Records are
 * validated with zod when read. Pending signups carry `expiresAt`, removed by a TTL index where
 * the server has one, otherwise by a periodic sweep (FerretDB 1.x has no TTL indexes). Any
 * driver failure other than a lost race throws `SubscriptionStoreUnavailableError` (answered 503).
 * The store does not own the client: `close()` only stops the sweep.
 */
export class MongoSubscriptionStore implements SubscriptionStore {
  private readonly collection: Collection<SubscriptionDocument>;
  private readonly now: () => Date;
  private sweepTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: Db,
    readonly expiry: ExpiryMechanism,
    options: MongoSubscriptionStoreOptions,
  ) {
    this.collection = db.collection<SubscriptionDocument>(COLLECTION);
    this.now = options.now ?? (() => new Date());
    if (expiry === 'sweep') {
      this.sweepTimer = setInterval(
        () => {
          this.sweepExpired().catch(() => undefined);
        },
        options.sweepIntervalMs ?? 10 * 60_000,
      );
      this.sweepTimer.unref();
    }
  }

  /** Creates the indexes (idempotent) and picks the expiry mechanism the server supports. */
  static async open(
    db: Db,
    options: MongoSubscriptionStoreOptions = {},
  ): Promise<MongoSubscriptionStore> {
    const collection = db.collection<SubscriptionDocument>(COLLECTION);
    return guard(async () => {
      await collection.createIndex({ 'tokens.hash': 1 });
      let expiry: ExpiryMechanism = 'ttl-index';
      try {
        await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      } catch (error) {
        if (!(error instanceof MongoServerError)) throw error;
        await collection.createIndex({ expiresAt: 1 });
        expiry = 'sweep';
      }
      return new MongoSubscriptionStore(db, expiry, options);
    });
  }

  findByAddressKey(addressKey: string): Promise<StoredSubscription | null> {
    return this.findOne({ _id: addressKey });
  }

  findByTokenHash(tokenHash: string): Promise<StoredSubscription | null> {
    return this.findOne({ 'tokens.hash': tokenHash });
  }

  insert(subscription: Subscription): Promise<StoredSubscription | null> {
    return guard(async () => {
      try {
        await this.collection.insertOne(toDocument(subscription, 1), DURABLE);
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return null;
        throw error;
      }
      return { subscription, version: 1 };
    });
  }

  update(subscription: Subscription, expectedVersion: number): Promise<StoredSubscription | null> {
    return guard(async () => {
      const version = expectedVersion + 1;
      const result = await this.collection.replaceOne(
        { _id: subscription.addressKey, version: expectedVersion },
        toDocument(subscription, version),
        DURABLE,
      );
      return result.matchedCount === 1 ? { subscription, version } : null;
    });
  }

  ping(): Promise<void> {
    return guard(async () => {
      await this.db.command({ ping: 1 });
    });
  }

  /** Deletes pending signups past their `expiresAt`; returns how many. */
  sweepExpired(): Promise<number> {
    return guard(async () => {
      const result = await this.collection.deleteMany({ expiresAt: { $lte: this.now() } });
      return result.deletedCount;
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
  }

  private findOne(filter: Partial<Record<string, string>>): Promise<StoredSubscription | null> {
    return guard(async () => {
      const raw = await this.collection.findOne(filter);
      return raw === null ? null : fromDocument(raw);
    });
  }
}

/** Runs a driver call; anything the driver throws becomes "store unavailable". */
async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof SubscriptionStoreUnavailableError) throw error;
    if (isDriverError(error)) {
      throw new SubscriptionStoreUnavailableError('MongoDB cannot be reached or refused a write.', {
        cause: error,
      });
    }
    throw error;
  }
}

function isDriverError(error: unknown): boolean {
  return error instanceof Error && /^Mongo/.test(error.name);
}
