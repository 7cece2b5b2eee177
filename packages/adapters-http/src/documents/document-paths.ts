/** Addresses of the machine documents and what they point to, relative to the base URL. */
export const DOCUMENT_PATHS = {
  developerGuide: '/developers.md',
  llmsTxt: '/llms.txt',
  authMd: '/auth.md',
  apiCatalog: '/.well-known/api-catalog',
  aiCatalog: '/.well-known/ai-catalog.json',
  apiReference: '/docs',
  openApi: '/api/v1/openapi.json',
  /** The REST API's entry point: the search (a browse without `q`), the api-catalog's anchor. */
  restApi: '/api/v1/tools',
  reviewExport: '/reviews/index.json',
  reviewFeed: '/reviews/feed.xml',
  mcp: '/mcp',
  serverCard: '/mcp/server-card',
  subscribe: '/subscribe',
  readiness: '/readyz',
  home: '/',
} as const;

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
export const PLAIN_TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
export const LINKSET_CONTENT_TYPE =
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
export const AI_CATALOG_CONTENT_TYPE = 'application/ai-catalog+json';
