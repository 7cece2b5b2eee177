export { pagesRoutes } from './pages.routes.js';
export { notFoundPages } from './not-found.routes.js';
export { webMcpToolDefinitions } from './webmcp-tools.js';
