export { pagesRoutes } from './pages.routes.js';
export type { PagesRoutesDeps } from './pages.routes.js';
export { notFoundPages } from './not-found.routes.js';
export { webMcpToolDefinitions } from './webmcp-tools.js';
export type { WebMcpToolDefinition } from './webmcp-tools.js';
export { WEBMCP_SCRIPT_PATH } from './site-assets.js';
