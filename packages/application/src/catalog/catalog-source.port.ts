import type { CatalogDocument } from '@reviews/domain';

/**
 * A catalog read and validated from somewhere. `fingerprint` identifies the content: equal for equal
 * content, different when anything changes; it becomes the publication id (and so the ETags).
 */
export interface LoadedCatalog {
  readonly document: CatalogDocument;
  readonly fingerprint: string;
}

/**
 * Where the catalog to publish comes from (embedded file, MongoDB, …). `load()` resolves with a
 * document that satisfies contract §2 (types inside may be trusted). It rejects with
 * `CatalogInvalidError` when the data breaks the contract, listing every problem with its JSON
 * path, and with other errors when the source cannot be read.
 */
export interface CatalogSource {
  load(): Promise<LoadedCatalog>;
}

/** One way a catalog breaks contract §2: where (a JSON path such as `$.tools[3].reviews[0].reviewedOn`) and what. */
export interface CatalogProblem {
  readonly path: string;
  readonly message: string;
}
