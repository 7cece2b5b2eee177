import { Publication } from '@reviews/domain';
import type { CatalogSource } from './catalog-source.port.js';
import type { IndexSnapshotStore } from './index-snapshot-store.port.js';

/**
 * Builds the next publication: loads and validates the catalog and indexes it. This is the
 * expensive part of publishing, so an implementation may run it away from the request thread (a
 * worker thread); it rejects as `CatalogSource.load()` does (`CatalogInvalidError` for a catalog
 * that breaks the contract).
 */
export interface PublicationBuilder {
  build(): Promise<Publication>;
}

export interface SourcePublicationBuilderOptions {
  /** Where indexes are kept between runs: used instead of indexing when it has this content's. */
  readonly indexSnapshots?: IndexSnapshotStore;
  /**
   * Resolve `build()` only once a freshly built index is saved (a worker that hands the index's
   * arrays over, and so loses them, right after). By default saving goes on in the background.
   */
  readonly awaitSave?: boolean;
}

/**
 * Builds on the calling thread: loads from `source`, then sorts and indexes, unless the index
 * store has the index of this very content (same fingerprint); a freshly built index is saved
 * there for the next time.
 */
export class SourcePublicationBuilder implements PublicationBuilder {
  constructor(
    private readonly source: CatalogSource,
    private readonly options: SourcePublicationBuilderOptions = {},
  ) {}

  async build(): Promise<Publication> {
    const { document, fingerprint } = await this.source.load();
    const store = this.options.indexSnapshots;
    if (store === undefined) return Publication.publish(fingerprint, document);
    const saved = await store.load(fingerprint, document.tools.length);
    if (saved !== undefined) {
      try {
        return Publication.publish(fingerprint, document, saved);
      } catch {
        // The store checks every size against the tools, so this is not expected; should the
        // index still not fit, it is built afresh and saved over the unfit one.
      }
    }
    const publication = Publication.publish(fingerprint, document);
    const saving = store.save(fingerprint, publication.snapshot().index);
    if (this.options.awaitSave === true) await saving;
    return publication;
  }
}
