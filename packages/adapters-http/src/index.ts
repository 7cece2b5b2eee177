export { createHttpApp } from './app/create-http-app.js';
export type { HttpAppDeps, TrustProxy } from './app/create-http-app.js';
export { healthRoutes } from './health/health.routes.js';
export type { ReadinessCheck } from './health/health.routes.js';
export { toolsRoutes, READ_METHODS } from './tools/tools.routes.js';
export type { ToolsRoutesDeps } from './tools/tools.routes.js';
export { ReadValidator } from './tools/read-validator.js';
export { cachedReads } from './read-cache/cached-reads.js';
export type { CachedReadsDeps } from './read-cache/cached-reads.js';
export { DEFAULT_READ_CACHE_BYTES, ReadResponseCache } from './read-cache/read-response-cache.js';
export type { CachedRead } from './read-cache/read-response-cache.js';
export { HttpError } from './shared/http-error.js';
export { errorHandler, notFoundHandler } from './shared/error-handler.js';
export type { HttpLogger } from './shared/error-handler.js';
export { chargeQuota, setRateLimitHeaders } from './shared/request-quota.js';
export { clientKey, clientNetwork, rateLimitKeyOf } from './shared/client-address.js';
export {
  ifNoneMatchHits,
  JSON_CONTENT_TYPE,
  negotiatedEncoding,
  PUBLIC_CACHE_CONTROL,
  sendCacheable,
  sendNotModified,
  sendWithETag,
  strongETag,
  validatorHeaders,
} from './shared/cacheable-response.js';
export { searchToolsQuerySchema, getToolQuerySchema } from './tools/tool-query.schemas.js';
export * from './subscription/index.js';
export * from './html/index.js';
export { reviewExportRoutes, REVIEW_EXPORT_PATH } from './export/review-export.routes.js';
export type { ReviewExportDeps } from './export/review-export.routes.js';
export { createOpenApiDocument } from './openapi/openapi-document.js';
export type { OpenApiFacts } from './openapi/openapi-document.js';
export { openApiRoutes, OPENAPI_PATH } from './openapi/openapi.routes.js';
export * from './documents/index.js';
export { reviewFeedRoutes } from './feed/review-feed.routes.js';
export type { ReviewFeedDeps } from './feed/review-feed.routes.js';
export { ATOM_CONTENT_TYPE, REVIEW_FEED_PATH, renderAtomFeed } from './feed/atom-feed.js';
export * from './pages/index.js';
export { createHttpServer } from './server/create-http-server.js';
export type { HttpServerLimits } from './server/create-http-server.js';
