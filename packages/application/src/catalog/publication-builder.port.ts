import { Publication } from '@reviews/domain';
import type { CatalogSource } from './catalog-source.port.js';

/**
 * Builds the next publication: loads and validates the catalog and indexes it. This is the
 * expensive part of publishing, so an implementation may run it away from the request thread (a
 * worker thread); it rejects as `CatalogSource.load()` does (`CatalogInvalidError` for a catalog
 * that breaks the contract).
 */
export interface PublicationBuilder {
  build(): Promise<Publication>;
}

/** Builds on the calling thread: loads from `source`, then sorts and indexes. */
export class SourcePublicationBuilder implements PublicationBuilder {
  constructor(private readonly source: CatalogSource) {}

  async build(): Promise<Publication> {
    const { document, fingerprint } = await this.source.load();
    return Publication.publish(fingerprint, document);
  }
}
