import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { SubscriptionStore } from '@reviews/application';
import { aSubscription } from '@reviews/application/testing';
import { aWorkDirectory, ensureCliBuilt, runSubscriptionsCli } from './catalog-cli-process.js';
import type { WorkDirectory } from './catalog-cli-process.js';

/** A storage family under test: the CLI's environment, and the same store opened by the test. */
interface StorageUnderTest {
  readonly env: Record<string, string>;
  /** Opens the store the CLI uses (closed before the CLI runs: the file log has one writer). */
  readonly open: () => Promise<{ store: SubscriptionStore; close: () => Promise<void> }>;
  readonly remove: () => Promise<void>;
}

/**
 * `subscriptions suppress` and `list-suppressed` against one storage family, through the built
 * CLI as a real process. `storage` gets a fresh work directory and makes an empty store there.
 */
export function describeSubscriptionsCli(
  name: string,
  storage: (work: WorkDirectory) => Promise<StorageUnderTest>,
): void {
  describe(`subscriptions CLI against ${name}`, () => {
    let work: WorkDirectory;
    let under: StorageUnderTest;

    beforeAll(() => ensureCliBuilt(), 120_000);
    beforeEach(async () => {
      await under?.remove();
      await work?.remove();
      work = await aWorkDirectory();
      under = await storage(work);
    });
    afterAll(async () => {
      await under?.remove();
      await work?.remove();
    });

    async function withStore<T>(use: (store: SubscriptionStore) => Promise<T>): Promise<T> {
      const { store, close } = await under.open();
      try {
        return await use(store);
      } finally {
        await close();
      }
    }

    const run = (args: string[]) => runSubscriptionsCli(args, { env: under.env, cwd: work.dir });

    it('suppresses the addresses of the command line and of a bounce export, and lists them with why and since when', async () => {
      await withStore(async (store) => {
        await store.insert(aSubscription().withAddress('signed@example.com').confirmed().build());
      });
      await work.write(
        'bounces.txt',
        '# SES bounce export\r\n\r\nsigned@example.com\r\n  <Grace@Example.org>  \r\n',
      );
      const suppressed = await run(['suppress', 'lin@example.com', '--file', 'bounces.txt']);
      expect(suppressed.code).toBe(0);
      expect(suppressed.stdout).toMatch(
        /^suppressed lin@example\.com \(bounced\) at \S+Z\nsuppressed signed@example\.com \(bounced\) at \S+Z\nsuppressed Grace@example\.org \(bounced\) at \S+Z\n$/,
      );
      expect(suppressed.stderr).toBe('3 addresses: 3 suppressed, 0 already suppressed\n');

      const listed = await run(['list-suppressed']);
      expect(listed.code).toBe(0);
      const rows = listed.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t'));
      // Suppressed in the order given, but two may share a millisecond: then the address key decides.
      const key = (row: string[]) => (row[0] ?? '').toLowerCase();
      const time = (row: string[]) => Date.parse(row[2] ?? '');
      for (const row of rows) expect(time(row)).not.toBeNaN();
      expect(rows).toEqual(
        [...rows].sort((a, b) => time(a) - time(b) || (key(a) < key(b) ? -1 : 1)),
      );
      expect(rows.map(([address, reason, , history]) => [address, reason, history]).sort()).toEqual(
        [
          ['Grace@example.org', 'bounced', 'never signed up'],
          ['lin@example.com', 'bounced', 'never signed up'],
          ['signed@example.com', 'bounced', 'signed up'],
        ],
      );
      // In the order given when each had a millisecond of its own.
      if (new Set(rows.map(time)).size === rows.length)
        expect(rows.map((row) => row[0])).toEqual([
          'lin@example.com',
          'signed@example.com',
          'Grace@example.org',
        ]);
      expect(listed.stderr).toBe('3 suppressed addresses\n');

      await withStore(async (store) => {
        const signed = await store.findByAddressKey('signed@example.com');
        expect(signed?.subscription).toMatchObject({
          status: 'suppressed',
          suppressionReason: 'bounced',
        });
        expect(signed?.subscription.consent).not.toBeNull();
      });
    });

    it('withdraws the mail of a pending signup, and keeps the first reason and time of an address suppressed again', async () => {
      await withStore(async (store) => {
        await store.insert(
          aSubscription().withAddress('ada@example.com').withPendingMail().build(),
        );
      });
      expect((await run(['suppress', '--reason', 'complained', 'ada@example.com'])).code).toBe(0);
      const first = await withStore((store) => store.findByAddressKey('ada@example.com'));
      expect(first?.subscription).toMatchObject({
        status: 'suppressed',
        suppressionReason: 'complained',
        pendingMail: null,
      });

      const again = await run(['suppress', 'ada@example.com']);
      expect(again.code).toBe(0);
      expect(again.stdout).toBe(
        `already suppressed ada@example.com (complained) since ${first?.subscription.statusChangedAt.toISOString()}\n`,
      );
      expect(again.stderr).toBe('1 address: 0 suppressed, 1 already suppressed\n');
      const after = await withStore((store) => store.findByAddressKey('ada@example.com'));
      expect(after).toEqual(first);
    });

    it('names every line that is not an address and changes nothing', async () => {
      await work.write('bounces.txt', 'ok@example.com\nnot an address\n\n# fine\nx@y\n');
      const refused = await run(['suppress', '--file', 'bounces.txt', 'also@example.com']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('2 of 4 lines are not addresses; nothing was changed:');
      expect(refused.stderr).toContain('bounces.txt:2: "not an address": ');
      expect(refused.stderr).toContain('bounces.txt:5: "x@y": ');
      expect(refused.stdout).toBe('');
      expect(await withStore((store) => store.findSuppressed())).toEqual([]);
    });

    it('exits 1 on an unreadable file and 2 on a usage error, changing nothing', async () => {
      const missing = await run(['suppress', '--file', 'missing.txt']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe('subscriptions suppress: cannot read missing.txt: ENOENT\n');
      const reason = await run(['suppress', '--reason', 'annoyed', 'ada@example.com']);
      expect(reason.code).toBe(2);
      expect(reason.stderr).toContain('--reason must be bounced or complained, got "annoyed"');
      const nothing = await run(['suppress']);
      expect(nothing.code).toBe(2);
      expect(nothing.stderr).toContain('give addresses, or --file FILE');
      expect(await withStore((store) => store.findSuppressed())).toEqual([]);
    });
  });
}
