import type { MailBacklog } from './mail-backlog.port.js';
import type { SubscriptionStore } from './subscription-store.port.js';

/** The latest instant a JavaScript Date can hold: every queued mail is due by then. */
const END_OF_TIME = new Date(8_640_000_000_000_000);

/**
 * The durable outbox's backlog, read from the store: records that still hold a queued
 * verification mail (due now, claimed by a sending attempt, or waiting for a retry). Counting
 * stops at `cap`, so a scrape stays cheap however large the backlog grows: `cap` means "at least".
 */
export class StoreMailBacklog implements MailBacklog {
  constructor(
    private readonly store: SubscriptionStore,
    private readonly cap = 1_000,
  ) {}

  async pending(): Promise<number> {
    return (await this.store.findWithMailDue(END_OF_TIME, this.cap)).length;
  }
}
