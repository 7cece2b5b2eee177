import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { SubscriptionStoreUnavailableError, bySuppression } from '@reviews/application';
import type { Logger, StoredSubscription, SubscriptionStore } from '@reviews/application';
import type { Subscription } from '@reviews/domain';
import { SerialQueue } from './serial-queue.js';
import { encodeLogLine } from './subscription-log-codec.js';
import { compactLog, openLogForAppend, replayLog } from './subscription-log-file.js';

interface FileSubscriptionStoreOptions {
  /** Rewrite the log at open when it holds more than this many superseded lines (default 1000). */
  readonly compactAfterSupersededLines?: number;
  /**
   * Told (as a warning, with counts and a file name, never an address) when damaged records
   * are cut off the end of the log at open, or stale ones are skipped. Defaults to a line on stderr.
   */
  readonly logger?: Pick<Logger, 'warn'>;
}

const STDERR_LOGGER: Pick<Logger, 'warn'> = {
  warn: (fields, message) => console.error(`warning: ${message} ${JSON.stringify(fields)}`),
};

/**
 * The embedded `SubscriptionStore` (docs/operations.md#the-subscription-log-and-its-quarantine): an
 * append-only JSON-lines log under `<dataDir>/subscriptions/`, one line per write holding the whole
 * record. Every write is appended and fdatasync'd before it is acknowledged or visible to readers,
 * so a process killed at any moment loses no acknowledged signup; the log is replayed at open (a
 * torn last line is cut off, kept in a quarantine file beside the log and reported as a warning; a
 * stale line, an older version of a record after a newer one, is skipped with a warning) and
 * compacted then when it has grown; compaction writes only the highest version of each record.
 * Writes run one at a time through a promise queue, which makes the version check and the append
 * atomic within the process. One process per data directory: instances that share subscriptions use
 * the MongoDB store.
 */
export class FileSubscriptionStore implements SubscriptionStore {
  private readonly queue = new SerialQueue();
  private readonly tokenIndex = new Map<string, string>();
  /** Address keys of the records with a pending mail: the outbox, kept small. */
  private readonly outbox = new Set<string>();
  private failure: unknown = null;
  private closed = false;

  private constructor(
    private readonly file: FileHandle,
    private readonly records: Map<string, StoredSubscription>,
  ) {
    for (const stored of records.values()) this.index(stored.subscription);
  }

  static async open(
    dataDir: string,
    options: FileSubscriptionStoreOptions = {},
  ): Promise<FileSubscriptionStore> {
    const path = join(dataDir, 'subscriptions', 'subscriptions.jsonl');
    const { records, lines, stale, quarantine } = await replayLog(path);
    const logger = options.logger ?? STDERR_LOGGER;
    if (stale > 0) {
      logger.warn(
        { staleRecords: stale },
        'skipped stale records in the subscription log: each repeats an address at a version not above one read before',
      );
    }
    if (quarantine !== null) {
      logger.warn(
        {
          damagedRecords: quarantine.records,
          bytes: quarantine.bytes,
          quarantineFile: quarantine.file,
        },
        'cut damaged records off the end of the subscription log; their bytes are kept in the quarantine file',
      );
    }
    if (lines - records.size > (options.compactAfterSupersededLines ?? 1000)) {
      await compactLog(path, records.values());
    }
    return new FileSubscriptionStore(await openLogForAppend(path), records);
  }

  async findByAddressKey(addressKey: string): Promise<StoredSubscription | null> {
    this.assertOpen();
    return this.records.get(addressKey) ?? null;
  }

  async findByTokenHash(tokenHash: string): Promise<StoredSubscription | null> {
    this.assertOpen();
    const key = this.tokenIndex.get(tokenHash);
    return key === undefined ? null : (this.records.get(key) ?? null);
  }

  async findWithMailDue(now: Date, limit: number): Promise<StoredSubscription[]> {
    this.assertOpen();
    const due: StoredSubscription[] = [];
    for (const key of this.outbox) {
      const stored = this.records.get(key);
      const dueAt = stored?.subscription.pendingMail?.dueAt;
      if (stored !== undefined && dueAt !== undefined && dueAt <= now) due.push(stored);
    }
    const dueTime = (stored: StoredSubscription) =>
      stored.subscription.pendingMail!.dueAt.getTime();
    return due.sort((a, b) => dueTime(a) - dueTime(b)).slice(0, limit);
  }

  async findSuppressed(): Promise<StoredSubscription[]> {
    this.assertOpen();
    return [...this.records.values()]
      .filter(({ subscription }) => subscription.status === 'suppressed')
      .sort(bySuppression);
  }

  insert(subscription: Subscription): Promise<StoredSubscription | null> {
    return this.write(subscription, null);
  }

  update(subscription: Subscription, expectedVersion: number): Promise<StoredSubscription | null> {
    return this.write(subscription, expectedVersion);
  }

  async ping(): Promise<void> {
    this.assertWritable();
  }

  /** Waits for queued writes, then closes the log; later calls throw "unavailable". */
  async close(): Promise<void> {
    await this.queue.run(async () => {
      if (this.closed) return;
      this.closed = true;
      await this.file.close();
    });
  }

  private write(
    subscription: Subscription,
    expectedVersion: number | null,
  ): Promise<StoredSubscription | null> {
    return this.queue.run(async () => {
      this.assertWritable();
      const current = this.records.get(subscription.addressKey);
      const matches =
        expectedVersion === null ? current === undefined : current?.version === expectedVersion;
      if (!matches) return null;
      const stored: StoredSubscription = { subscription, version: (expectedVersion ?? 0) + 1 };
      try {
        await this.file.appendFile(`${encodeLogLine(stored)}\n`);
        await this.file.datasync();
      } catch (error) {
        // The log may now end in a partial line: stop writing so it stays the last one (cut off
        // at the next open) instead of gluing later records onto it.
        this.failure = error;
        throw new SubscriptionStoreUnavailableError('Could not write the subscription log.', {
          cause: error,
        });
      }
      if (current !== undefined) this.unindex(current.subscription);
      this.records.set(subscription.addressKey, stored);
      this.index(subscription);
      return stored;
    });
  }

  private index(subscription: Subscription): void {
    for (const token of subscription.tokens)
      this.tokenIndex.set(token.hash, subscription.addressKey);
    if (subscription.pendingMail !== null) this.outbox.add(subscription.addressKey);
  }

  private unindex(subscription: Subscription): void {
    for (const token of subscription.tokens) this.tokenIndex.delete(token.hash);
    this.outbox.delete(subscription.addressKey);
  }

  private assertOpen(): void {
    if (this.closed)
      throw new SubscriptionStoreUnavailableError('The subscription store is closed.');
  }

  private assertWritable(): void {
    this.assertOpen();
    if (this.failure !== null) {
      throw new SubscriptionStoreUnavailableError(
        'The subscription log failed to write; restart the service.',
        {
          cause: this.failure,
        },
      );
    }
  }
}
