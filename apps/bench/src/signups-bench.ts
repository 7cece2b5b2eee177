import { Subscribe, VerificationMailDispatcher } from '@reviews/application';
import {
  FileSubscriptionStore,
  MemoryRateLimiter,
  NodeCryptoTokenGenerator,
} from '@reviews/adapters-persistence';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * Signups per second on the embedded store: the real Subscribe use case on FileSubscriptionStore
 * (fdatasync per write: the signup with its outbox entry, the claim, the "sent" mark) with real
 * tokens, a mailer that accepts everything and limits out of the way; then the time to replay
 * the log at open.
 */
export async function signupBench(options: { count: number; parallel: number }): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-signups-'));
  const store = await FileSubscriptionStore.open(dataDir);
  const unlimited = { points: 1e9, windowSeconds: 3600 };
  const settings = {
    signupsEnabled: true,
    blockedDomains: [],
    serviceName: 'Bench',
    baseUrl: 'http://localhost',
  };
  const clock = { now: () => new Date() };
  const dispatcher = new VerificationMailDispatcher(
    store,
    { send: () => Promise.resolve() },
    new NodeCryptoTokenGenerator(),
    clock,
    new MemoryRateLimiter({ signup: unlimited, mail: unlimited }),
    settings,
    { info: () => undefined, warn: (fields, message) => console.warn(message, fields) },
  );
  const subscribe = new Subscribe(store, dispatcher, clock, settings);
  let next = 0;
  const consent = { source: 'api', clientNetwork: '127.0.0.0/24' } as const;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.parallel }, async () => {
      while (next < options.count) {
        const result = await subscribe.execute({ email: `bench-${next++}@example.com`, consent });
        if (!result.ok) throw new Error(result.error.message);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${options.count} signups, ${options.parallel} in parallel: ${seconds.toFixed(2)} s, ${Math.round(options.count / seconds)} signups/s`,
  );
  await store.close();
  const reopenStarted = performance.now();
  await (await FileSubscriptionStore.open(dataDir)).close();
  console.log(
    `replaying ${options.count} records at open: ${Math.round(performance.now() - reopenStarted)} ms`,
  );
  await rm(dataDir, { recursive: true, force: true });
}
