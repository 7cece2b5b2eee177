export {
  apiReferenceRoutes,
  API_REFERENCE_CSP,
  API_REFERENCE_SCRIPT_PATH,
} from './api-reference.routes.js';
export { documentsRoutes, renderDocuments } from './documents.routes.js';
export type { DocumentsDeps } from './documents.routes.js';
export {
  AI_CATALOG_CONTENT_TYPE,
  DOCUMENT_PATHS,
  LINKSET_CONTENT_TYPE,
  MARKDOWN_CONTENT_TYPE,
  PLAIN_TEXT_CONTENT_TYPE,
} from './document-paths.js';
export type { McpFacts, RateLimitFact, ServiceFacts } from './service-facts.js';
