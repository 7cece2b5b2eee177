import { Publication } from '@reviews/domain';
import type { CatalogSource } from './catalog-source.port.js';
import type { LivePublication } from './live-publication.js';

export interface PublishedCatalog {
  readonly publicationId: string;
  readonly tools: number;
  readonly reviews: number;
}

/**
 * Reads the catalog from its source and makes it the live publication. If reading or
 * validation fails, the error propagates and the previous publication stays live (an invalid
 * catalog publishes nothing).
 */
export class PublishCatalog {
  constructor(
    private readonly source: CatalogSource,
    private readonly live: LivePublication,
  ) {}

  async execute(): Promise<PublishedCatalog> {
    const { document, fingerprint } = await this.source.load();
    const publication = Publication.publish(fingerprint, document);
    this.live.replace(publication);
    return {
      publicationId: publication.id,
      tools: publication.tools.length,
      reviews: publication.reviewCount,
    };
  }
}
