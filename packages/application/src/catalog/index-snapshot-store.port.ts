import type { SearchIndexSnapshot } from '@reviews/domain';

/**
 * Keeps the search index of a publication between runs, keyed by the catalog's fingerprint, so
 * that a restart (or a reload) with unchanged content does not index again. A store only ever
 * answers with an index that was built by the same indexing code from content with that
 * fingerprint; anything else it has (missing, damaged, written by other code) is `undefined`.
 */
export interface IndexSnapshotStore {
  /** The index saved for `fingerprint` over `toolCount` tools, or undefined when there is no usable one. */
  load(fingerprint: string, toolCount: number): Promise<SearchIndexSnapshot | undefined>;
  /**
   * Saves `index` for `fingerprint`, replacing any earlier one. Never rejects: a failure to
   * write only costs the next start its shortcut, so the store reports it and resolves.
   */
  save(fingerprint: string, index: SearchIndexSnapshot): Promise<void>;
}
