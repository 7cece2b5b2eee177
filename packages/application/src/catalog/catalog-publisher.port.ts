import type { CatalogDocument } from '@reviews/domain';

/** What `CatalogPublisher.publish` made live. */
export interface PublishedPublication {
  /** The content's fingerprint: what `CatalogSource.load()` then gives as `fingerprint`. */
  readonly publicationId: string;
  readonly tools: number;
  readonly reviews: number;
}

export interface PublishOptions {
  /** Told after each stored batch: `done` of `total` tools (once with `0, 0` for no tools). */
  onProgress?(done: number, total: number): void;
}

/**
 * Makes a catalog the live publication of a storage that instances read with a `CatalogSource`
 * (docs/adapters.md#catalogpublisher). Contract (checked by `describeCatalogPublisherContract`):
 *
 * - **atomic switch**: a `load()` of the storage's `CatalogSource` that runs at any moment of a
 *   `publish`, on any instance, reads the previous publication or the new one, whole; never a
 *   part, never a mix;
 * - **ordering**: `publish` resolves only once the new publication is live: a `load()` that
 *   starts afterwards, anywhere, reads it (or a later one); of two publishes, the one that
 *   resolved last is live;
 * - **idempotent**: the publication id is the content's fingerprint, equal for equal content;
 *   publishing content that is stored already only makes it live again;
 * - **prune** never removes the live publication, nor one that stopped being live less than the
 *   adapter's grace period ago (so an instance still loading it finishes undisturbed);
 * - **outage**: when the storage cannot be reached, `publish` and `prune` reject with an `Error`
 *   (within seconds, never hanging) and the live publication stays what it was.
 */
export interface CatalogPublisher {
  /** `document` is already valid (docs/cli.md#catalog-format): the publisher does not check it. */
  publish(document: CatalogDocument, options?: PublishOptions): Promise<PublishedPublication>;
  /**
   * Removes what no instance needs any more: publications replaced at least the grace period
   * ago, and unfinished ones whose writer stopped as long ago. Resolves with how many were
   * removed (0 for a storage that keeps nothing but the live one).
   */
  prune(): Promise<number>;
}
