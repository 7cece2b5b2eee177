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
 * Where the catalog to publish comes from (embedded file, MongoDB, PostgreSQL, …). `load()`
 * resolves with a document that satisfies docs/cli.md#catalog-format (types inside may be
 * trusted). `observer`: see `ToolObserver`, which lets work on the tools (indexing them elsewhere)
 * start before the whole catalog is read. Contract (checked by `describeCatalogSourceContract`,
 * docs/adapters.md#catalogsource):
 *
 * - what was published is loaded whole, into the domain document; the derived members of an
 *   export (`url`, `markdownUrl`, `historicalNotice`) are ignored;
 * - `fingerprint` is equal for equal content and differs when anything changes;
 * - a load after a newer publication reads the newer one;
 * - data that breaks the format rejects with `CatalogInvalidError`, every problem with its JSON
 *   path; nothing to read (a database with no publication yet: `CatalogNotPublishedError`) and a
 *   storage that cannot be reached reject with other errors, within seconds.
 */
export interface CatalogSource {
  load(observer?: ToolObserver): Promise<LoadedCatalog>;
}

/** What `StreamingCatalogSource.stream` read: a catalog whose tools went to the observer only. */
export interface StreamedCatalog {
  readonly header: Omit<CatalogDocument, 'tools'>;
  readonly toolCount: number;
  readonly fingerprint: string;
}

/**
 * A source that can also hand its tools over without keeping them, so that whoever builds a
 * publication from them (a reload, next to the live publication) never holds a whole catalog
 * in one place.
 */
export interface StreamingCatalogSource extends CatalogSource {
  /**
   * `load` that keeps no tool: each valid tool goes to `observer` (see `ToolObserver`) and is
   * then dropped. Rejects as `load` does; what `observer` was told then means nothing.
   *
   * `vouchedFor`: the fingerprint of content this code published before (an index snapshot of
   * it exists), which the caller expects to read: repeated ids, which that content was found
   * free of, are not looked for. What was read may be other content all the same (it changed
   * since `fingerprint()`): then the result's fingerprint differs and what was read must not be
   * published, and a rejection's problems may lack repeated ids. Either way the caller reads
   * again without `vouchedFor`.
   */
  stream(observer: ToolObserver, vouchedFor?: string): Promise<StreamedCatalog>;
  /**
   * The fingerprint `load` or `stream` would give the content as it is now, found without
   * parsing it (so much cheaper than reading), e.g. to decide how to read it. The content may
   * change before it is read: `stream` gives the fingerprint of what it read.
   */
  fingerprint(): Promise<string>;
}

export const isStreamingCatalogSource = (source: CatalogSource): source is StreamingCatalogSource =>
  typeof (source as Partial<StreamingCatalogSource>).stream === 'function';

/**
 * One way a catalog breaks docs/cli.md#catalog-format: where (a JSON path such as
 * `$.tools[3].reviews[0].reviewedOn`) and what.
 */
export interface CatalogProblem {
  readonly path: string;
  readonly message: string;
}
