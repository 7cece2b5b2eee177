export { domainError, err, ok } from './shared/result.js';
export type { DomainError, Result } from './shared/result.js';
export { isRecord } from './shared/is-record.js';
export { LruCache } from './shared/lru-cache.js';
export { isSameJsonValue } from './shared/same-json-value.js';

export { compareReviewsNewestFirst } from './catalog/review.js';
export type { Review, ReviewAuthor } from './catalog/review.js';
export {
  STACK_DIMENSIONS,
  STACK_RELATIONSHIPS,
  STACK_STATUSES,
  stackTagKind,
} from './catalog/stacks.js';
export type { StackDimension, StackRelationship, StackTag, Stacks } from './catalog/stacks.js';
export { CATALOG_LIMITS, REVIEW_ID_PATTERN, TOOL_ID_PATTERN } from './catalog/tool.js';
export type { CatalogDocument, Tool } from './catalog/tool.js';
export { ArrivingTools, freezeTool, Publication, publishedTool } from './catalog/publication.js';
export { compareReviewChangesNewestFirst, newestReviewChanges } from './catalog/review-changes.js';
export type { PublicationSnapshot } from './catalog/publication.js';

export {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_DEPTH,
  MAX_PAGE_LIMIT,
  pageWindow,
} from './paging/page-window.js';
export type { PageError } from './paging/page-window.js';

export * from './search/index.js';

export * from './subscription/index.js';
