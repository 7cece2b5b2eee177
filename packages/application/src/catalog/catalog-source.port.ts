import type { CatalogDocument, Tool } from '@reviews/domain';

/**
 * A catalog read and validated from somewhere. `fingerprint` identifies the content: equal for equal
 * content, different when anything changes; it becomes the publication id (and so the ETags).
 */
export interface LoadedCatalog {
  readonly document: CatalogDocument;
  readonly fingerprint: string;
}

/**
 * Told of the tools of a catalog as they are read: when `load` resolves, it was called once for
 * each tool of the document, in document order, with the document's own tool object, each as soon
 * as it was found valid. When `load` rejects, what it was told means nothing.
 */
export type ToolObserver = (tool: Tool) => void;

/**
 * Where the catalog to publish comes from (embedded file, MongoDB, …). `load()` resolves with a
 * document that satisfies contract §2 (types inside may be trusted). It rejects with
 * `CatalogInvalidError` when the data breaks the contract, listing every problem with its JSON
 * path, and with other errors when the source cannot be read. `observer`: see `ToolObserver`,
 * which lets work on the tools (indexing them elsewhere) start before the whole catalog is read.
 */
export interface CatalogSource {
  load(observer?: ToolObserver): Promise<LoadedCatalog>;
}

/** One way a catalog breaks contract §2: where (a JSON path such as `$.tools[3].reviews[0].reviewedOn`) and what. */
export interface CatalogProblem {
  readonly path: string;
  readonly message: string;
}
