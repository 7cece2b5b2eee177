export type { Clock } from './shared/clock.port.js';
export type { Logger } from './shared/logger.port.js';
export { escapeHtml } from './shared/escape-html.js';
export type { RateLimitDecision, RateLimiter } from './rate-limiting/rate-limiter.port.js';

export { LivePublication } from './catalog/live-publication.js';
export { PublishCatalog } from './catalog/publish-catalog.use-case.js';
export type { PublishedCatalog } from './catalog/publish-catalog.use-case.js';
export { SourcePublicationBuilder } from './catalog/publication-builder.port.js';
export type { IndexingAhead, PublicationBuilder } from './catalog/publication-builder.port.js';
export type { IndexSnapshotStore } from './catalog/index-snapshot-store.port.js';
export type { MailBacklog } from './subscription/mail-backlog.port.js';
export { StoreMailBacklog } from './subscription/store-mail-backlog.js';

export { SearchTools } from './tools/search-tools.use-case.js';
export type { SearchToolsError } from './tools/search-tools.use-case.js';
export { GetTool } from './tools/get-tool.use-case.js';
export type { GetToolError } from './tools/get-tool.use-case.js';
export { DEFAULT_HISTORICAL_NOTICE } from './tools/service-profile.js';
export type { ServiceProfile } from './tools/service-profile.js';
export { GetReview } from './tools/get-review.use-case.js';
export type { GetReviewError, ReviewPage } from './tools/get-review.use-case.js';
export { GetCatalogOverview } from './tools/get-catalog-overview.use-case.js';
export { ListTools } from './tools/list-tools.use-case.js';
export { CompleteArgument } from './tools/complete-argument.use-case.js';
export type { Completion } from './tools/complete-argument.use-case.js';
export type { CatalogOverview } from './tools/get-catalog-overview.use-case.js';

export {
  compareToolsArgumentsSchema,
  cursorSchema,
  evaluateToolArgumentsSchema,
  facetsSchema,
  getToolInputSchema,
  highlightSchema,
  LIMIT_RANGE,
  LIMIT_RULE,
  limitSchema,
  searchToolsInputSchema,
} from './schemas/tool-inputs.schemas.js';
export {
  closestToolSchema,
  detailResultSchema,
  errorBodySchema,
  facetCountSchema,
  matchedStackTagSchema,
  reviewCitationSchema,
  reviewSchema,
  rightsSchema,
  searchItemSchema,
  searchResultSchema,
  searchSuggestionSchema,
  stackTagSchema,
  stacksSchema,
} from './schemas/tool.schemas.js';
export type {
  ClosestToolBody,
  DetailResultBody,
  ReviewBody,
  Rights,
  SearchItemBody,
  SearchResultBody,
  ToolBody,
} from './schemas/tool.schemas.js';

export { CatalogInvalidError } from './catalog/catalog-invalid.error.js';
export { CatalogNotPublishedError } from './catalog/catalog-not-published.error.js';
export type {
  CatalogPublisher,
  PublishedPublication,
  PublishOptions,
} from './catalog/catalog-publisher.port.js';
export type {
  PublicationFeed,
  PublicationFollowing,
  PublicationListener,
} from './catalog/publication-feed.port.js';
export { isStreamingCatalogSource } from './catalog/catalog-source.port.js';
export type {
  CatalogProblem,
  CatalogSource,
  LoadedCatalog,
  StreamedCatalog,
  StreamingCatalogSource,
  ToolObserver,
} from './catalog/catalog-source.port.js';
export { BUCKETS } from './rate-limiting/buckets.js';
export type { BucketName } from './rate-limiting/buckets.js';
export type {
  ChargedUnits,
  QuotaOutcome,
  RequestQuota,
} from './rate-limiting/request-quota.port.js';
export { RateLimitedQuota } from './rate-limiting/rate-limited-quota.js';

export * from './subscription/index.js';
export { ExportCatalog } from './catalog/export-catalog.use-case.js';
export { catalogExportJson } from './catalog/catalog-export-json.js';
export { ListReviewChanges } from './catalog/list-review-changes.use-case.js';
export type { ReviewChangeBody, ReviewChanges } from './catalog/list-review-changes.use-case.js';
