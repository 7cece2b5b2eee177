import { SubscriptionStoreUnavailableError } from '@reviews/application';

/**
 * Runs a use case; resolves to `null` when the subscription store cannot be reached (so the
 * route can answer 503 in its own format), and lets every other error propagate.
 */
export async function unlessStoreUnavailable<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SubscriptionStoreUnavailableError) return null;
    throw error;
  }
}
