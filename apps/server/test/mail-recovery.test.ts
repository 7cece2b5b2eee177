import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aSubscription } from '@reviews/application/testing';
import { FileSubscriptionStore } from '@reviews/adapters-persistence';
import { startServerProcess } from './support/server-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-mail-recovery-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function outboxFiles(): Promise<string[]> {
  const names = await readdir(path.join(work, 'outbox')).catch(() => []);
  return names.filter((name) => name.endsWith('.eml'));
}

describe('the built server after a crash that left verification mails unsent', () => {
  it('sends them at start, without waiting for a signup, and logs no address', async () => {
    // What kill -9 leaves: signups written with their mail in the outbox; one mid-send (its
    // claim expired long ago), one never attempted.
    const store = await FileSubscriptionStore.open(work);
    const past = new Date(Date.now() - 10 * 60_000);
    await store.insert(
      aSubscription()
        .withAddress('never-sent@example.com')
        .withTokens()
        .mailedAt(null)
        .withPendingMail(past)
        .build(),
    );
    await store.insert(
      aSubscription()
        .withAddress('mid-send@example.com')
        .mailedAt(null)
        .withPendingMail(past, past, 1)
        .build(),
    );
    await store.close();

    const server = startServerProcess({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: work });
    try {
      await server.listening;
      const deadline = Date.now() + 10_000;
      while ((await outboxFiles()).length < 2 && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(await outboxFiles()).toHaveLength(2);
      expect(server.output()).toContain('"msg":"verification mail outbox swept"');
      expect(server.output()).toContain('"sent":2');
      expect(server.output()).not.toMatch(/never-sent@|mid-send@/);
    } finally {
      server.signal('SIGTERM');
      await server.exited;
    }
    const reopened = await FileSubscriptionStore.open(work);
    const due = await reopened.findWithMailDue(new Date(Date.now() + 3_600_000), 10);
    await reopened.close();
    expect(due).toEqual([]);
  }, 60_000);
});
