export { SafeHtml, html } from './escape-html.js';
export {
  ICON_PATH,
  PAGE_SECURITY_HEADERS,
  PRIVATE_PAGE_HEADERS,
  renderPage,
  sendPage,
  STYLESHEET_PATH,
} from './page-layout.js';
export type { PageContent } from './page-layout.js';
