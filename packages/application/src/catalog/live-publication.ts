import type { Publication } from '@reviews/domain';

/**
 * The publication being served. Swapping is one reference assignment, so a request that already
 * took the old publication finishes on it (contract §2: atomic swap, in-flight requests finish
 * on the old one).
 */
export class LivePublication {
  private publication: Publication | undefined;

  /** The current publication, or undefined before the first successful publish. */
  current(): Publication | undefined {
    return this.publication;
  }

  replace(next: Publication): void {
    this.publication = next;
  }
}
