import type { Collection, Db, MongoServerError } from 'mongodb';
import { SubscriptionStoreUnavailableError, bySuppression } from '@reviews/application';
import type { StoredSubscription, SubscriptionStore } from '@reviews/application';
import type { Subscription } from '@reviews/domain';
import {
  fromDocument,
  subscriptionDocumentOf,
  versionId,
  type SubscriptionDocument,
} from './mongo-subscription.codec.js';

interface MongoSubscriptionStoreOptions {
  /** How often expired pending signups are removed (default 10 min; 0: only by `sweepExpired`). */
  readonly sweepIntervalMs?: number;
  readonly now?: () => Date;
}

const COLLECTION = 'subscription_versions';
const DUPLICATE_KEY = 11000;
/** Acknowledged only once journaled on a majority: an acknowledged signup survives a crash. */
const DURABLE = { writeConcern: { w: 'majority', j: true } } as const;

/**
 * The shared `SubscriptionStore` (docs/operations.md#mongodb-storage-many-instances). Every write
 * inserts the whole record as a new version document whose `_id` is `<addressKey>|<version>`; the
 * unique `_id` decides every race: of two instances writing version n+1 (or version 1, a new
 * address) exactly one insert succeeds. A read takes the highest version. Why not
 * `updateOne({ _id, version })`: FerretDB 1.x does not apply a filtered update atomically (20
 * concurrent conditional updates of one version all succeed there), while its unique index holds;
 * inserting works the same on MongoDB. Versions are kept (a handful per address), so a stale writer
 * always collides.
 *
 * Expired pending signups are removed, all versions at once, by a sweep every
 * `sweepIntervalMs` (a TTL index would remove versions one by one and could expose an older
 * one). Documents are validated with zod when read. Any driver failure other than a lost race
 * throws `SubscriptionStoreUnavailableError` (answered 503). The store does not own the client:
 * `close()` only stops the sweep.
 */
export class MongoSubscriptionStore implements SubscriptionStore {
  private readonly collection: Collection<SubscriptionDocument>;
  private readonly now: () => Date;
  private readonly sweepTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: Db,
    options: MongoSubscriptionStoreOptions,
    /** The driver's class, loaded with the driver by `open` (see `connectMongo`). */
    private readonly serverError: typeof MongoServerError,
  ) {
    this.collection = db.collection<SubscriptionDocument>(COLLECTION);
    this.now = options.now ?? (() => new Date());
    const interval = options.sweepIntervalMs ?? 10 * 60_000;
    if (interval > 0) {
      this.sweepTimer = setInterval(() => {
        this.sweepExpired().catch(() => undefined);
      }, interval);
      this.sweepTimer.unref();
    }
  }

  /** Creates the indexes (idempotent) and starts the sweep. */
  static async open(
    db: Db,
    options: MongoSubscriptionStoreOptions = {},
  ): Promise<MongoSubscriptionStore> {
    const collection = db.collection<SubscriptionDocument>(COLLECTION);
    await guard(async () => {
      await collection.createIndex({ key: 1, version: -1 });
      await collection.createIndex({ 'tokens.hash': 1 });
      await collection.createIndex({ expiresAt: 1 }, { sparse: true });
      await collection.createIndex({ 'pendingMail.dueAt': 1 });
      await collection.createIndex({ status: 1 });
    });
    const { MongoServerError } = await import('mongodb');
    return new MongoSubscriptionStore(db, options, MongoServerError);
  }

  findByAddressKey(addressKey: string): Promise<StoredSubscription | null> {
    return guard(() => this.latest(addressKey));
  }

  findByTokenHash(tokenHash: string): Promise<StoredSubscription | null> {
    return guard(async () => {
      const [holder] = await this.collection
        .find({ 'tokens.hash': tokenHash }, { projection: { key: 1, version: 1 } })
        .sort({ version: -1 })
        .limit(1)
        .toArray();
      if (holder === undefined) return null;
      const latest = await this.latest(holder.key);
      // A hash dropped by a later version no longer finds the record.
      return latest?.version === holder.version ? latest : null;
    });
  }

  /**
   * Records whose queued mail is due, earliest first. Only a record's latest version counts: an
   * older version still holding a mail that a later write sent or withdrew is passed over.
   */
  findWithMailDue(now: Date, limit: number): Promise<StoredSubscription[]> {
    return guard(async () => {
      const candidates = this.collection
        .find({ 'pendingMail.dueAt': { $lte: now } }, { projection: { key: 1, version: 1 } })
        .sort({ 'pendingMail.dueAt': 1 });
      const due: StoredSubscription[] = [];
      const seen = new Set<string>();
      for await (const candidate of candidates) {
        if (due.length >= limit) break;
        if (seen.has(candidate.key)) continue;
        const latest = await this.latest(candidate.key);
        if (latest?.version !== candidate.version) continue;
        seen.add(candidate.key);
        due.push(latest);
      }
      await candidates.close();
      return due;
    });
  }

  /** Suppressed records; only a record's latest version counts (one changed since is passed over). */
  findSuppressed(): Promise<StoredSubscription[]> {
    return guard(async () => {
      const candidates = await this.collection
        .find({ status: 'suppressed' }, { projection: { key: 1, version: 1 } })
        .toArray();
      const suppressed: StoredSubscription[] = [];
      for (const candidate of candidates) {
        const latest = await this.latest(candidate.key);
        if (latest?.version === candidate.version) suppressed.push(latest);
      }
      return suppressed.sort(bySuppression);
    });
  }

  insert(subscription: Subscription): Promise<StoredSubscription | null> {
    return guard(async () => {
      const key = subscription.addressKey;
      if ((await this.collection.countDocuments({ key }, { limit: 1 })) > 0) return null;
      return this.insertVersion(subscription, 1);
    });
  }

  update(subscription: Subscription, expectedVersion: number): Promise<StoredSubscription | null> {
    return guard(async () => {
      const base = await this.collection.countDocuments(
        { _id: versionId(subscription.addressKey, expectedVersion) },
        { limit: 1 },
      );
      if (base === 0) return null;
      return this.insertVersion(subscription, expectedVersion + 1);
    });
  }

  ping(): Promise<void> {
    return guard(async () => {
      await this.db.command({ ping: 1 });
    });
  }

  /**
   * Removes every address whose latest version is a pending signup past its `expiresAt` (all its
   * versions up to that one; a version written meanwhile stays). Returns how many addresses.
   */
  sweepExpired(): Promise<number> {
    return guard(async () => {
      const due = await this.collection
        .find({ expiresAt: { $lte: this.now() } }, { projection: { key: 1 } })
        .toArray();
      let removed = 0;
      for (const key of new Set(due.map((doc) => doc.key))) {
        const latest = await this.collection.findOne({ key }, { sort: { version: -1 } });
        if (latest === null) continue;
        if (latest.expiresAt !== undefined && latest.expiresAt <= this.now()) {
          await this.collection.deleteMany({ key, version: { $lte: latest.version } }, DURABLE);
          removed++;
        } else {
          // Older pending versions of a record that moved on: nothing to expire any more.
          await this.collection.updateMany(
            { key, version: { $lt: latest.version } },
            { $unset: { expiresAt: '' } },
          );
        }
      }
      return removed;
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
  }

  private async latest(addressKey: string): Promise<StoredSubscription | null> {
    const raw = await this.collection.findOne({ key: addressKey }, { sort: { version: -1 } });
    return raw === null ? null : fromDocument(raw);
  }

  private async insertVersion(
    subscription: Subscription,
    version: number,
  ): Promise<StoredSubscription | null> {
    try {
      await this.collection.insertOne(subscriptionDocumentOf(subscription, version), DURABLE);
    } catch (error) {
      if (error instanceof this.serverError && error.code === DUPLICATE_KEY) return null;
      throw error;
    }
    if (version > 1) {
      // Older versions are history: their queued mail is no longer anyone's to send, so keep
      // them out of the outbox query (a record's latest version is what counts either way).
      await this.collection.updateMany(
        { key: subscription.addressKey, version: { $lt: version }, pendingMail: { $ne: null } },
        { $set: { pendingMail: null } },
      );
    }
    return { subscription, version };
  }
}

/** Runs a driver call; anything the driver throws becomes "store unavailable". */
async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof Error && /^Mongo/.test(error.name)) {
      throw new SubscriptionStoreUnavailableError('MongoDB cannot be reached or refused a write.', {
        cause: error,
      });
    }
    throw error;
  }
}
