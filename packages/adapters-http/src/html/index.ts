export { SafeHtml, escapeHtml, html } from './escape-html.js';
export { PRIVATE_PAGE_HEADERS, renderPage, sendPage } from './page-layout.js';
export type { PageContent } from './page-layout.js';
