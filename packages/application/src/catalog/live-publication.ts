import type { Publication } from '@reviews/domain';

/**
 * The publication being served. Swapping is one reference assignment, so a request that already
 * took the old publication finishes on it (docs/cli.md#catalog-format: a new publication replaces
 * the old at once, requests in flight finish on the old one).
 */
export class LivePublication {
  private publication: Publication | undefined;
  private liveSince: Date | undefined;

  /** The current publication, or undefined before the first successful publish. */
  current(): Publication | undefined {
    return this.publication;
  }

  /** When the current publication went live (for its age in metrics); undefined before. */
  since(): Date | undefined {
    return this.liveSince;
  }

  replace(next: Publication, at: Date = new Date()): void {
    this.publication = next;
    this.liveSince = at;
  }
}
