import type { Tool } from '../catalog/tool.js';
import { buildPostings, type Postings, type PostingsCollector } from './postings-builder.js';
import { buildPrefixShortcuts } from './prefix-shortcuts.js';
import { computeToolOrder, type OrderedTool } from './tool-order.js';

/**
 * Everything a search index is made of, as plain data: strings and typed arrays only, so it
 * survives `structuredClone` and `postMessage` (the typed arrays' buffers can be transferred
 * rather than copied). Building it is the expensive part of publishing; turning it back into a
 * `SearchIndex` costs one pass over the tools.
 */
export interface SearchIndexSnapshot {
  /** The dictionary: every term, sorted by UTF-16 unit. */
  readonly terms: readonly string[];
  /** Postings of term `p`: `postings[offsets[p]]` to `postings[offsets[p + 1] - 1]`. */
  readonly offsets: Uint32Array;
  /** Posting entries: tool and field each (see `posting-entry.ts`). */
  readonly postings: Uint32Array;
  /** Merged postings of heavy short prefixes: `shortcuts[i]` belongs to `shortcutPrefixes[i]`. */
  readonly shortcutPrefixes: readonly string[];
  readonly shortcuts: readonly { readonly entries: Uint32Array }[];
  readonly keywordRank: Uint32Array;
  readonly keywordOrder: Uint32Array;
  readonly browseOrder: Uint32Array;
  /** Category names by category id (first-seen order), and each tool's category id (-1: none). */
  readonly categoryNames: readonly string[];
  readonly categoryOf: Int32Array;
}

/**
 * The part of a snapshot that reads the searched texts: postings and prefix shortcuts, built
 * apart from the tools (by a `PostingsCollector` fed the texts of `toolCount` tools, maybe on
 * another thread while the catalog is still being read), as plain data that `postMessage` can
 * move. `buildSearchIndexSnapshot` adds the rest.
 */
export type IndexedPostings = Pick<
  SearchIndexSnapshot,
  'terms' | 'offsets' | 'postings' | 'shortcutPrefixes' | 'shortcuts'
> & { readonly toolCount: number };

/** What a collector that was given every tool's texts makes of them: see `IndexedPostings`. */
export function finishIndexedPostings(collector: PostingsCollector): IndexedPostings {
  return indexedPostingsOf(collector.finish(), collector.toolCount);
}

function indexedPostingsOf(postings: Postings, toolCount: number): IndexedPostings {
  const shortcuts = buildPrefixShortcuts(postings, toolCount);
  return {
    toolCount,
    terms: postings.dictionary.terms,
    offsets: postings.offsets,
    postings: postings.entries,
    shortcutPrefixes: [...shortcuts.keys()],
    shortcuts: [...shortcuts.values()],
  };
}

/** Every distinct buffer under the typed arrays of `postings`: what `postMessage` may transfer. */
export function indexedPostingsBuffers(postings: IndexedPostings): ArrayBufferLike[] {
  const arrays: ArrayBufferView[] = [
    postings.offsets,
    postings.postings,
    ...postings.shortcuts.map((merged) => merged.entries),
  ];
  return [...new Set(arrays.map((array) => array.buffer))];
}

/** The parts of a snapshot that read the tools but not their searched texts: orders, categories. */
type ToolOrderParts = Omit<SearchIndexSnapshot, keyof IndexedPostings>;

/**
 * The orders and categories of `tools` (ordinal = position): see `ToolOrderParts`. Tools or their
 * stubs (`orderStubOf`) give the same parts.
 */
export function toolOrderParts(tools: readonly OrderedTool[]): ToolOrderParts {
  const order = computeToolOrder(tools);
  const categoryIds = new Map<string, number>();
  const categoryOf = new Int32Array(tools.length).fill(-1);
  tools.forEach((tool, ordinal) => {
    if (tool.category === null) return;
    if (!categoryIds.has(tool.category)) categoryIds.set(tool.category, categoryIds.size);
    categoryOf[ordinal] = categoryIds.get(tool.category) as number;
  });
  return { ...order, categoryNames: [...categoryIds.keys()], categoryOf };
}

/**
 * A snapshot of `parts` and `postings`, which must be of the same tools; throws when the
 * postings were built over another number of tools.
 */
export function withPostings(
  parts: ToolOrderParts,
  postings: IndexedPostings,
): SearchIndexSnapshot {
  const toolCount = parts.categoryOf.length;
  if (postings.toolCount !== toolCount)
    throw new Error(`Postings of ${postings.toolCount} tools cannot index ${toolCount}.`);
  return {
    terms: postings.terms,
    offsets: postings.offsets,
    postings: postings.postings,
    shortcutPrefixes: postings.shortcutPrefixes,
    shortcuts: postings.shortcuts,
    ...parts,
  };
}

/** Indexes `tools` (ordinal = position) into a snapshot; see `SearchIndex.build`. */
export function buildSearchIndexSnapshot(tools: readonly Tool[]): SearchIndexSnapshot {
  const parts = toolOrderParts(tools);
  return withPostings(parts, indexedPostingsOf(buildPostings(tools), tools.length));
}

/** Every distinct buffer under the snapshot's typed arrays: what `postMessage` may transfer. */
export function searchIndexBuffers(snapshot: SearchIndexSnapshot): ArrayBufferLike[] {
  const arrays: ArrayBufferView[] = [
    snapshot.offsets,
    snapshot.postings,
    snapshot.keywordRank,
    snapshot.keywordOrder,
    snapshot.browseOrder,
    snapshot.categoryOf,
    ...snapshot.shortcuts.map((merged) => merged.entries),
  ];
  return [...new Set(arrays.map((array) => array.buffer))];
}
