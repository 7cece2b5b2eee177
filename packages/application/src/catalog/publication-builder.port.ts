import {
  Publication,
  type CatalogDocument,
  type IndexedPostings,
  type Tool,
} from '@reviews/domain';
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

/**
 * Indexes a catalog's searched texts somewhere else (another thread) while the catalog is still
 * being read, so that reading and indexing, the two long steps of publishing a large catalog,
 * overlap. Given every tool in document order, then asked for their postings once; or cancelled.
 */
export interface IndexingAhead {
  /** The next tool of the catalog, in document order. */
  add(tool: Tool): void;
  /**
   * The postings of every tool added. Rejects when they cannot be had (the indexing thread
   * failed): the caller then indexes itself.
   */
  finish(): Promise<IndexedPostings>;
  /** Drops the work: the catalog was not valid, or an index snapshot serves instead. */
  cancel(): Promise<void>;
}

interface SourcePublicationBuilderOptions {
  /** Where indexes are kept between runs: used instead of indexing when it has this content's. */
  readonly indexSnapshots?: IndexSnapshotStore;
  /**
   * Resolve `build()` only once a freshly built index is saved (a worker that hands the index's
   * arrays over, and so loses them, right after). By default saving goes on in the background.
   */
  readonly awaitSave?: boolean;
  /**
   * Starts indexing the catalog while it is read (see `IndexingAhead`), or says no (undefined):
   * asked once per build, before loading.
   */
  readonly indexingAhead?: () => IndexingAhead | undefined;
}

/**
 * Builds on the calling thread: loads from `source`, then sorts and indexes, unless the index
 * store has the index of this very content (same fingerprint); a freshly built index is saved
 * there for the next time. With `indexingAhead`, the postings are built elsewhere while the
 * catalog is read, and only the rest of the index here.
 */
export class SourcePublicationBuilder implements PublicationBuilder {
  constructor(
    private readonly source: CatalogSource,
    private readonly options: SourcePublicationBuilderOptions = {},
  ) {}

  async build(): Promise<Publication> {
    const ahead = this.options.indexingAhead?.();
    let loaded;
    try {
      loaded = await this.source.load(ahead === undefined ? undefined : (tool) => ahead.add(tool));
    } catch (error) {
      await ahead?.cancel();
      throw error;
    }
    const { document, fingerprint } = loaded;
    const store = this.options.indexSnapshots;
    const saved = await store?.load(fingerprint, document.tools.length);
    if (saved !== undefined) {
      try {
        const publication = Publication.publish(fingerprint, document, saved);
        await ahead?.cancel();
        return publication;
      } catch {
        // The store checks every size against the tools, so this is not expected; should the
        // index still not fit, it is built afresh and saved over the unfit one.
      }
    }
    const publication = await publishIndexed(fingerprint, document, ahead);
    if (store === undefined) return publication;
    const saving = store.save(fingerprint, publication.snapshot().index);
    if (this.options.awaitSave === true) await saving;
    return publication;
  }
}

/**
 * Publishes with the postings `ahead` built, or indexing here when there are none to be had.
 * What needs no postings is done here while `ahead` finishes them.
 */
async function publishIndexed(
  fingerprint: string,
  document: CatalogDocument,
  ahead: IndexingAhead | undefined,
): Promise<Publication> {
  if (ahead === undefined) return Publication.publish(fingerprint, document);
  const finishing = ahead.finish().catch(() => undefined);
  const prepared = Publication.prepareIndexed(fingerprint, document);
  const postings = await finishing;
  if (postings !== undefined) {
    try {
      return prepared.complete(postings);
    } catch {
      // Postings of another number of tools: not this catalog's (a source that did not tell
      // of every tool). Indexed here instead, as without them.
    }
  }
  return Publication.publish(fingerprint, document);
}
