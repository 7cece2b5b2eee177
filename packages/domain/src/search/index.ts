export type { ClosestHit, ClosestTools, SearchHit, SearchResultList } from './search-types.js';
export { SearchIndex } from './search-index.js';
export {
  finishIndexedPostings,
  indexedPostingsBuffers,
  searchIndexBuffers,
  toolOrderParts,
  withPostings,
} from './search-index-snapshot.js';
export type { IndexedPostings, SearchIndexSnapshot } from './search-index-snapshot.js';
export { forEachSearchedText, PostingsCollector } from './postings-builder.js';
export type { SortedBatchStore } from './postings-builder.js';
export { orderStubOf } from './tool-order.js';
export type { OrderedTool } from './tool-order.js';
export { indexTerms, tokenize } from './tokenizer.js';
export { MAX_KEYWORDS, MAX_QUERY_LENGTH, parseSearchQuery } from './search-query.js';
export type { QueryError } from './search-query.js';
export { MAX_EXCERPT_LENGTH } from './excerpt-window.js';
export { excerptHighlights } from './excerpt-highlights.js';
export { MAX_SUGGESTIONS } from './search-suggestions.js';
export { ONE_TYPO_LENGTH, TWO_TYPOS_LENGTH } from './typo-matching.js';
export { searchUnits } from './search-cost.js';
export type { SearchWork } from './search-cost.js';
