export { apiReferenceRoutes } from './api-reference.routes.js';
export { documentsRoutes } from './documents.routes.js';
export type { ServiceFacts } from './service-facts.js';
