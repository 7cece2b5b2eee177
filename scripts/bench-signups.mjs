/* global process, console, performance */
// Signups per second on the embedded store: the real Subscribe use case on FileSubscriptionStore
// (fdatasync per write), real tokens, a mailer that accepts everything, limits out of the way.
// Usage: pnpm exec tsc -b packages/adapters-persistence && node scripts/bench-signups.mjs [count] [parallel]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSubscriptionStore } from '../packages/adapters-persistence/dist/subscription/file-subscription-store.js';
import { MemoryRateLimiter } from '../packages/adapters-persistence/dist/rate-limiting/memory-rate-limiter.js';
import { NodeCryptoTokenGenerator } from '../packages/adapters-persistence/dist/security/node-crypto-token-generator.js';
import { Subscribe } from '../packages/application/dist/subscription/subscribe.use-case.js';

const count = Number(process.argv[2] ?? 5000);
const parallel = Number(process.argv[3] ?? 32);
const dataDir = await mkdtemp(join(tmpdir(), 'bench-signups-'));
const store = await FileSubscriptionStore.open(dataDir);
const unlimited = { points: 1e9, windowSeconds: 3600 };
const subscribe = new Subscribe(
  store,
  { send: async () => undefined },
  new NodeCryptoTokenGenerator(),
  { now: () => new Date() },
  new MemoryRateLimiter({ signup: unlimited, mail: unlimited }),
  { signupsEnabled: true, blockedDomains: [], serviceName: 'Bench', baseUrl: 'http://localhost' },
);

let next = 0;
const consent = { source: 'api', clientNetwork: '127.0.0.0/24' };
const started = performance.now();
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (next < count) {
      const result = await subscribe.execute({ email: `bench-${next++}@example.com`, consent });
      if (!result.ok) throw new Error(result.error.message);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
console.log(
  `${count} signups, ${parallel} in parallel: ${seconds.toFixed(2)} s, ${Math.round(count / seconds)} signups/s`,
);
await store.close();
const reopenStart = performance.now();
await (await FileSubscriptionStore.open(dataDir)).close();
console.log(
  `replaying ${count} records at open: ${Math.round(performance.now() - reopenStart)} ms`,
);
await rm(dataDir, { recursive: true, force: true });
