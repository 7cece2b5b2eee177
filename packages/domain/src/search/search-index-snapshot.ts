import type { Tool } from '../catalog/tool.js';
import { buildPostings } from './postings-builder.js';
import { buildPrefixShortcuts } from './prefix-shortcuts.js';
import { computeToolOrder } from './tool-order.js';

/**
 * Everything a search index is made of, as plain data: strings and typed arrays only, so it
 * survives `structuredClone` and `postMessage` (the typed arrays' buffers can be transferred
 * rather than copied). Building it is the expensive part of publishing; turning it back into a
 * `SearchIndex` costs one pass over the tools.
 */
export interface SearchIndexSnapshot {
  /** The dictionary: every term, sorted by UTF-16 unit. */
  readonly terms: readonly string[];
  /** Postings of term `p`: entries `offsets[p]` to `offsets[p + 1] - 1` of the two arrays below. */
  readonly offsets: Uint32Array;
  readonly postingTools: Uint32Array;
  readonly postingFields: Uint8Array;
  /** Merged postings of heavy short prefixes: `shortcuts[i]` belongs to `shortcutPrefixes[i]`. */
  readonly shortcutPrefixes: readonly string[];
  readonly shortcuts: readonly { readonly tools: Uint32Array; readonly fields: Uint8Array }[];
  readonly keywordRank: Uint32Array;
  readonly keywordOrder: Uint32Array;
  readonly browseOrder: Uint32Array;
  /** Category names by category id (first-seen order), and each tool's category id (-1: none). */
  readonly categoryNames: readonly string[];
  readonly categoryOf: Int32Array;
}

/** Indexes `tools` (ordinal = position) into a snapshot; see `SearchIndex.build`. */
export function buildSearchIndexSnapshot(tools: readonly Tool[]): SearchIndexSnapshot {
  const order = computeToolOrder(tools);
  const categoryIds = new Map<string, number>();
  const categoryOf = new Int32Array(tools.length).fill(-1);
  tools.forEach((tool, ordinal) => {
    if (tool.category === null) return;
    if (!categoryIds.has(tool.category)) categoryIds.set(tool.category, categoryIds.size);
    categoryOf[ordinal] = categoryIds.get(tool.category) as number;
  });
  const postings = buildPostings(tools);
  const shortcuts = buildPrefixShortcuts(postings, tools.length);
  return {
    terms: postings.dictionary.terms,
    offsets: postings.offsets,
    postingTools: postings.tools,
    postingFields: postings.fields,
    shortcutPrefixes: [...shortcuts.keys()],
    shortcuts: [...shortcuts.values()],
    ...order,
    categoryNames: [...categoryIds.keys()],
    categoryOf,
  };
}

/** Every distinct buffer under the snapshot's typed arrays: what `postMessage` may transfer. */
export function searchIndexBuffers(snapshot: SearchIndexSnapshot): ArrayBufferLike[] {
  const arrays: ArrayBufferView[] = [
    snapshot.offsets,
    snapshot.postingTools,
    snapshot.postingFields,
    snapshot.keywordRank,
    snapshot.keywordOrder,
    snapshot.browseOrder,
    snapshot.categoryOf,
    ...snapshot.shortcuts.flatMap((merged) => [merged.tools, merged.fields]),
  ];
  return [...new Set(arrays.map((array) => array.buffer))];
}
