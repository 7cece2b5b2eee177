import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { appendFile, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SubscriptionStoreUnavailableError,
  VerificationMailDispatcher,
} from '@reviews/application';
import {
  CountingRateLimiter,
  RecordingLogger,
  RecordingMailer,
  SequentialTokenGenerator,
  SettableClock,
  aSubscription,
} from '@reviews/application/testing';
import { FileSubscriptionStore } from '../../src/subscription/file-subscription-store.js';

describe('FileSubscriptionStore', () => {
  let dir: string;
  let log: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'file-store-'));
    log = join(dir, 'subscriptions', 'subscriptions.jsonl');
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('cuts off a torn last line at open and appends cleanly after it', async () => {
    const first = aSubscription().build();
    const store = await FileSubscriptionStore.open(dir);
    await store.insert(first);
    await store.close();
    await appendFile(log, '{"version":1,"subscription":{"addressKey":"torn@exa');

    // The cut is reported (the next test checks the warning itself); recorded, not printed.
    const warnings: string[] = [];
    const reopened = await FileSubscriptionStore.open(dir, {
      logger: { warn: (_fields, message) => warnings.push(message) },
    });
    expect(warnings).toEqual([expect.stringContaining('cut damaged records off the end')]);
    const second = aSubscription().build();
    await reopened.insert(second);
    await reopened.close();

    const again = await FileSubscriptionStore.open(dir);
    expect((await again.findByAddressKey(first.addressKey))?.subscription).toEqual(first);
    expect((await again.findByAddressKey(second.addressKey))?.subscription).toEqual(second);
    expect((await readFile(log, 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);
    await again.close();
  });

  it('keeps damaged records cut off the end of the log in a quarantine file and warns with the count', async () => {
    const kept = aSubscription().build();
    const store = await FileSubscriptionStore.open(dir);
    await store.insert(kept);
    await store.close();
    const damaged = '{"version":2,"subscription":{"addressKey":"eve@example.com"}}\n';
    const torn = '{"version":1,"subscription":{"addressKey":"torn@exa';
    await appendFile(log, damaged + torn);

    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const logger = {
      warn: (fields: Record<string, unknown>, message: string) =>
        warnings.push({ fields, message }),
    };
    const reopened = await FileSubscriptionStore.open(dir, { logger });
    expect((await reopened.findByAddressKey(kept.addressKey))?.subscription).toEqual(kept);
    await reopened.close();

    const quarantined = (await readdir(join(dir, 'subscriptions'))).filter((name) =>
      name.startsWith('subscriptions.jsonl.quarantine-'),
    );
    expect(quarantined).toHaveLength(1);
    expect(await readFile(join(dir, 'subscriptions', quarantined[0]!), 'utf8')).toBe(
      damaged + torn,
    );
    expect(warnings).toEqual([
      {
        message: expect.stringContaining('cut damaged records off the end of the subscription log'),
        fields: {
          damagedRecords: 2,
          bytes: Buffer.byteLength(damaged + torn),
          quarantineFile: quarantined[0],
        },
      },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('@');
  });

  it('opens a clean log without a quarantine file or a warning', async () => {
    const store = await FileSubscriptionStore.open(dir);
    await store.insert(aSubscription().build());
    await store.close();
    const warnings: unknown[] = [];
    await (
      await FileSubscriptionStore.open(dir, { logger: { warn: (f) => warnings.push(f) } })
    ).close();
    expect(warnings).toEqual([]);
    expect(await readdir(join(dir, 'subscriptions'))).toEqual(['subscriptions.jsonl']);
  });

  it('refuses to open a log with a damaged line in the middle rather than drop records', async () => {
    const store = await FileSubscriptionStore.open(dir);
    await store.insert(aSubscription().build());
    await store.close();
    const valid = await readFile(log, 'utf8');
    await writeFile(log, `not json\n${valid}`);
    await expect(FileSubscriptionStore.open(dir)).rejects.toThrow(/corrupt at line 1/);
  });

  it('compacts a log with many superseded lines at open, keeping the latest of each record', async () => {
    const subscription = aSubscription().build();
    const store = await FileSubscriptionStore.open(dir);
    await store.insert(subscription);
    for (let version = 1; version <= 30; version++) {
      await store.update({ ...subscription, address: `v${version}@example.com` }, version);
    }
    await store.close();
    const before = (await stat(log)).size;

    const compacted = await FileSubscriptionStore.open(dir, { compactAfterSupersededLines: 10 });
    expect((await stat(log)).size).toBeLessThan(before / 10);
    expect(await compacted.findByAddressKey(subscription.addressKey)).toEqual({
      subscription: { ...subscription, address: 'v30@example.com' },
      version: 31,
    });
    await compacted.close();
  });

  it('skips an older version appended after a newer one: the record stays confirmed, no mail is sent, one warning counts it', async () => {
    const signedUp = aSubscription().withPendingMail().build();
    const confirmed = { ...signedUp, status: 'confirmed' as const, pendingMail: null };
    const store = await FileSubscriptionStore.open(dir);
    await store.insert(signedUp);
    await store.update(confirmed, 1);
    await store.close();
    // The version 1 line (pending, its mail queued) copied again onto the end of the log.
    const [first] = (await readFile(log, 'utf8')).split('\n');
    await appendFile(log, `${first}\n`);

    const logger = new RecordingLogger();
    const reopened = await FileSubscriptionStore.open(dir, {
      logger,
      compactAfterSupersededLines: 0,
    });
    expect(await reopened.findByAddressKey(signedUp.addressKey)).toEqual({
      subscription: confirmed,
      version: 2,
    });
    // The start sweep of the outbox is what would send the mail again.
    const clock = new SettableClock(new Date('2027-01-01T00:00:00Z'));
    const mailer = new RecordingMailer();
    const dispatcher = new VerificationMailDispatcher(
      reopened,
      mailer,
      new SequentialTokenGenerator(),
      clock,
      new CountingRateLimiter(clock, {}),
      { serviceName: 'Replay', baseUrl: 'http://localhost' },
      logger,
    );
    expect(await dispatcher.deliverDue()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(mailer.sent).toEqual([]);
    await reopened.close();

    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining('skipped stale records in the subscription log'),
        fields: { staleRecords: 1 },
      },
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain('@');
    // Compaction kept the highest version only, so the next open has nothing stale to report.
    const lines = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as { version: number }).version)).toEqual([2]);
  });

  it('reports itself unavailable once closed', async () => {
    const store = await FileSubscriptionStore.open(dir);
    await store.close();
    await expect(store.ping()).rejects.toBeInstanceOf(SubscriptionStoreUnavailableError);
    await expect(store.insert(aSubscription().build())).rejects.toBeInstanceOf(
      SubscriptionStoreUnavailableError,
    );
    await expect(store.findByAddressKey('a@example.com')).rejects.toBeInstanceOf(
      SubscriptionStoreUnavailableError,
    );
  });
});
