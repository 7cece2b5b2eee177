import type { LivePublication } from '@reviews/application';

/**
 * Keeps an instance on the live publication of a shared catalog: told which publication is live
 * (by the watcher, every check), it republishes when that differs from the one being served.
 * One republish at a time: ids seen meanwhile lead to one more republish afterwards, which
 * reads whatever is live by then. A failed republish leaves the served publication in place
 * and is retried at the next check.
 */
export class PublicationFollower {
  private running: Promise<void> | undefined;
  private seenWhileRunning = false;

  constructor(
    private readonly live: LivePublication,
    private readonly republish: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  seen(publicationId: string): void {
    if (this.running !== undefined) {
      this.seenWhileRunning = true;
      return;
    }
    if (this.live.current()?.id === publicationId) return;
    this.running = this.follow().finally(() => (this.running = undefined));
  }

  /** Resolves once no republish is running (for shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async follow(): Promise<void> {
    do {
      this.seenWhileRunning = false;
      try {
        await this.republish();
      } catch (error) {
        this.onError(error);
        return;
      }
    } while (this.seenWhileRunning);
  }
}
