export { createHttpApp } from './app/create-http-app.js';
export type { ReadinessCheck } from './health/health.routes.js';
export { ReadValidator } from './tools/read-validator.js';
export { cachedReads } from './read-cache/cached-reads.js';
export { ReadResponseCache } from './read-cache/read-response-cache.js';
export {
  headerlessFrame,
  rawClientKey,
  requestFrameHeaders,
  type RequestFrame,
} from './read-cache/request-frame.js';
export { clientKey, clientNetwork } from './shared/client-address.js';
export * from './subscription/index.js';
export * from './html/index.js';
export { reviewExportRoutes } from './export/review-export.routes.js';
export { openApiRoutes } from './openapi/openapi.routes.js';
export * from './documents/index.js';
export { reviewFeedRoutes } from './feed/review-feed.routes.js';
export * from './pages/index.js';
export { createHttpServer } from './server/create-http-server.js';
export { treatAsWarmUp } from './shared/warm-up-requests.js';
