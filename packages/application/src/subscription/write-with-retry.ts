import type { Subscription } from '@reviews/domain';
import type { StoredSubscription, SubscriptionStore } from './subscription-store.port.js';

/** What a decision step wants: a record to write (or null to write nothing), and its outcome. */
export interface WriteStep<T> {
  readonly write: Subscription | null;
  readonly outcome: T;
}

/** More than this many lost races on one record means something is wrong, not busy. */
const MAX_ATTEMPTS = 16;

/**
 * Read (with `load`), decide, conditionally write — again on a lost race. `decide` must be pure:
 * it runs once per attempt on the record as last read. Returns the outcome of the attempt whose
 * write won (or that wanted no write). A record absent at read time is inserted.
 */
export async function writeWithRetry<T>(
  store: SubscriptionStore,
  load: () => Promise<StoredSubscription | null>,
  decide: (existing: Subscription | null) => WriteStep<T>,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const stored = await load();
    const step = decide(stored?.subscription ?? null);
    if (step.write === null) return step.outcome;
    const written =
      stored === null
        ? await store.insert(step.write)
        : await store.update(step.write, stored.version);
    if (written !== null) return step.outcome;
  }
  throw new Error(`Gave up writing one subscription after ${MAX_ATTEMPTS} lost races.`);
}
