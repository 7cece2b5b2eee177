import { html } from '../html/escape-html.js';
import { renderPage } from '../html/page-layout.js';
import { searchForm } from './page-parts.js';

const TITLES: Readonly<Record<number, string>> = {
  400: 'That request cannot be answered',
  404: 'Page not found',
  405: 'Method not allowed',
  429: 'Too many requests',
  503: 'Temporarily unavailable',
};

/** The HTML answer to a page request that failed: the status's title and a message to act on. */
export function errorPage(siteName: string, status: number, message: string): string {
  const title = TITLES[status] ?? 'Something went wrong';
  const body = html`<p class="notice error" role="alert">${message}</p>
    ${status === 429 || status === 503 ? '' : searchForm({ label: 'Search the reviews instead' })}
    <p>
      <a href="/">Go to the home page</a> or <a href="/search">browse every reviewed tool</a>.
    </p>`;
  return renderPage({ title, siteName, body });
}
