/** Told by a `PublicationFeed` which publication is live. */
export interface PublicationListener {
  /**
   * The id of the live publication (its `fingerprint`), after every check: the same id may come
   * many times, and the caller compares it with the one it serves. Never called before
   * anything is published, nor after `close()` resolved.
   */
  onPublication(publicationId: string): void;
  /** A check failed (the storage cannot be reached); following goes on and retries by itself. */
  onError(error: unknown): void;
}

/** A follow in progress. */
export interface PublicationFollowing {
  /** Stops following; resolves once no listener call can come any more. */
  close(): Promise<void>;
}

/**
 * Tells an instance which publication of a shared storage is live, so it can pick up what
 * another instance's `CatalogPublisher` made live (docs/adapters.md#publicationfeed). Contract
 * (checked by `describePublicationFeedContract`):
 *
 * - **first answer**: soon after `follow`, the listener hears the publication live at that time
 *   (if any), so nothing published before the follow began is missed;
 * - **promptness**: a publish by another connection reaches the listener within the adapter's
 *   stated delay (PostgreSQL: under a second; MongoDB: a change stream, else the poll interval);
 * - **ordering**: once a publish resolved, the listener's next id is that one or a later one;
 *   it is never told an older publication afterwards;
 * - **outage**: a storage that cannot be reached is reported through `onError` (repeatedly, once
 *   per failed check), never thrown; when the storage is back, following resumes by itself.
 */
export interface PublicationFeed {
  follow(listener: PublicationListener): PublicationFollowing;
}
