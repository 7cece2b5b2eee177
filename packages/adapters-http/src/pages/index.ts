export { pagesRoutes } from './pages.routes.js';
export { PageValidator } from './page-validator.js';
export { notFoundPages } from './not-found.routes.js';
export { webMcpToolDefinitions } from './webmcp-tools.js';
