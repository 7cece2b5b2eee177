import type { PoolClient } from 'pg';
import {
  bySuppression,
  SubscriptionStoreUnavailableError,
  type StoredSubscription,
  type SubscriptionStore,
} from '@reviews/application';
import type { Subscription } from '@reviews/domain';
import type { PostgresConnection } from '../postgres/postgres-connection.js';
import { decodeLogLine, encodeLogLine } from './subscription-log-codec.js';
import { expiresAt } from './subscription-retention.js';

interface PostgresSubscriptionStoreOptions {
  /** How often expired pending signups are removed (default 10 min; 0: only by `sweepExpired`). */
  readonly sweepIntervalMs?: number;
  readonly now?: () => Date;
}

/**
 * The shared `SubscriptionStore` in PostgreSQL (docs/operations.md#postgresql-storage): one row
 * per address in `subscriptions` (the record as JSON, in the subscription log's format, with its
 * version and the two dates the store queries by) and one row per token hash in
 * `subscription_tokens`. A conditional write is one statement whose row lock decides the race:
 * `INSERT … ON CONFLICT DO NOTHING` for a new address, `UPDATE … WHERE version = $expected`
 * for a change; the loser's statement finds no row and it gets `null`. A write and its token
 * rows commit together; a commit is durable (`synchronous_commit` on, PostgreSQL's default).
 * Every failure of the database throws `SubscriptionStoreUnavailableError` (answered 503).
 * The store does not own the connection: `close()` only stops the sweep.
 */
export class PostgresSubscriptionStore implements SubscriptionStore {
  private readonly now: () => Date;
  private readonly sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: PostgresConnection,
    options: PostgresSubscriptionStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    const interval = options.sweepIntervalMs ?? 10 * 60_000;
    if (interval > 0) {
      this.sweepTimer = setInterval(() => {
        this.sweepExpired().catch(() => undefined);
      }, interval);
      this.sweepTimer.unref();
    }
  }

  findByAddressKey(addressKey: string): Promise<StoredSubscription | null> {
    return guard(async () => {
      const { rows } = await this.connection.pool.query<RecordRow>(
        'SELECT record FROM subscriptions WHERE address_key = $1',
        [addressKey],
      );
      return rows[0] === undefined ? null : decode(rows[0]);
    });
  }

  findByTokenHash(tokenHash: string): Promise<StoredSubscription | null> {
    return guard(async () => {
      const { rows } = await this.connection.pool.query<RecordRow>(
        `SELECT s.record FROM subscription_tokens t
           JOIN subscriptions s ON s.address_key = t.address_key
          WHERE t.hash = $1`,
        [tokenHash],
      );
      return rows[0] === undefined ? null : decode(rows[0]);
    });
  }

  findWithMailDue(now: Date, limit: number): Promise<StoredSubscription[]> {
    return guard(async () => {
      const { rows } = await this.connection.pool.query<RecordRow>(
        `SELECT record FROM subscriptions WHERE mail_due_at <= $1
          ORDER BY mail_due_at, address_key LIMIT $2`,
        [now, limit],
      );
      return rows.map(decode);
    });
  }

  /**
   * Every suppressed record. The record is JSON text, so the statement narrows the rows by the
   * status's text and the decoded records decide; an operator's command, not a request, reads it.
   */
  findSuppressed(): Promise<StoredSubscription[]> {
    return guard(async () => {
      const { rows } = await this.connection.pool.query<RecordRow>(
        `SELECT record FROM subscriptions WHERE record LIKE '%"suppressed"%'`,
      );
      return rows
        .map(decode)
        .filter(({ subscription }) => subscription.status === 'suppressed')
        .sort(bySuppression);
    });
  }

  insert(subscription: Subscription): Promise<StoredSubscription | null> {
    const stored = { subscription, version: 1 };
    return guard(() =>
      this.connection.transaction(async (client) => {
        const { rowCount } = await client.query(
          `INSERT INTO subscriptions (address_key, version, record, mail_due_at, expires_at)
           VALUES ($1, 1, $2, $3, $4) ON CONFLICT (address_key) DO NOTHING`,
          [subscription.addressKey, encodeLogLine(stored), ...queriedDates(subscription)],
        );
        if (rowCount !== 1) return null;
        await writeTokens(client, subscription);
        return stored;
      }),
    );
  }

  update(subscription: Subscription, expectedVersion: number): Promise<StoredSubscription | null> {
    const stored = { subscription, version: expectedVersion + 1 };
    return guard(() =>
      this.connection.transaction(async (client) => {
        const { rowCount } = await client.query(
          `UPDATE subscriptions SET version = $2, record = $3, mail_due_at = $4, expires_at = $5
            WHERE address_key = $1 AND version = $6`,
          [
            subscription.addressKey,
            stored.version,
            encodeLogLine(stored),
            ...queriedDates(subscription),
            expectedVersion,
          ],
        );
        if (rowCount !== 1) return null;
        await client.query('DELETE FROM subscription_tokens WHERE address_key = $1', [
          subscription.addressKey,
        ]);
        await writeTokens(client, subscription);
        return stored;
      }),
    );
  }

  ping(): Promise<void> {
    return guard(() => this.connection.ping());
  }

  /** Removes every pending signup past its `expiresAt`, tokens included. Returns how many. */
  sweepExpired(): Promise<number> {
    return guard(async () => {
      const { rowCount } = await this.connection.pool.query(
        'DELETE FROM subscriptions WHERE expires_at <= $1',
        [this.now()],
      );
      return rowCount ?? 0;
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
  }
}

interface RecordRow {
  readonly record: string;
}

function decode(row: RecordRow): StoredSubscription {
  const stored = decodeLogLine(row.record);
  if (stored === null) throw new Error('A subscription row in PostgreSQL is not a valid record.');
  return stored;
}

/** The columns the store queries by: when its mail is due, when it may be removed. */
function queriedDates(subscription: Subscription): [Date | null, Date | null] {
  return [subscription.pendingMail?.dueAt ?? null, expiresAt(subscription) ?? null];
}

async function writeTokens(client: PoolClient, subscription: Subscription): Promise<void> {
  if (subscription.tokens.length === 0) return;
  await client.query(
    `INSERT INTO subscription_tokens (hash, address_key)
     SELECT hash, $1 FROM unnest($2::text[]) AS t (hash)`,
    [subscription.addressKey, subscription.tokens.map((token) => token.hash)],
  );
}

/** Runs a database call; anything it throws becomes "store unavailable". */
async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new SubscriptionStoreUnavailableError(
      'PostgreSQL cannot be reached or refused a write.',
      { cause: error },
    );
  }
}
