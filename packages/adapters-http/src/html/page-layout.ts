import type { Response } from 'express';
import { assetHref, ICON_PATH, STYLESHEET_PATH } from '../pages/site-assets.js';
import { html, type SafeHtml } from './escape-html.js';

interface PageContent {
  /** The document title and, unless `heading` says otherwise, the page's heading. */
  readonly title: string;
  /** Shown in the header, linking home. */
  readonly siteName: string;
  readonly body: SafeHtml;
  /** Where the site name links to (default `/`). */
  readonly homeHref?: string;
  /** Replaces the `<h1>` made from the title (pages that lay out their own heading). */
  readonly heading?: SafeHtml;
  /** The `<meta name="description">` of the page. */
  readonly description?: string;
  /** Address of the page's Markdown twin, announced with `rel="alternate"`. */
  readonly markdownHref?: string;
  /**
   * Same-origin scripts, loaded deferred (the CSP allows no inline script); a site file is linked
   * by its content-hashed name.
   */
  readonly scripts?: readonly string[];
  /** The navigation entry to mark as the current page. */
  readonly current?: 'search' | 'api' | 'subscribe';
  /**
   * A side column beside the body on wide screens (below it on narrow ones): asides of the page,
   * such as a search's notice or its facets. Its heading, if any, is the page's own.
   */
  readonly aside?: SafeHtml;
  /** What the side column is, for assistive technology (default "More"). */
  readonly asideLabel?: string;
}

/**
 * The shared page shell: a server-rendered document that needs no script, with a skip link,
 * header (home link and navigation), `main` and a footer linking the newsletter and the machine
 * interfaces. Every page of the site goes through it.
 */
export function renderPage(page: PageContent): string {
  const nav = (href: string, label: string, key?: PageContent['current']) =>
    html`<li>
      <a
        href="${href}"
        ${key !== undefined && page.current === key ? html`aria-current="page"` : ''}
        >${label}</a
      >
    </li>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.title} · ${page.siteName}</title>
        ${
          page.description === undefined
            ? ''
            : html`<meta name="description" content="${page.description}" />`
        }
        <link rel="stylesheet" href="${assetHref(STYLESHEET_PATH)}" />
        <link rel="icon" type="image/svg+xml" href="${assetHref(ICON_PATH)}" />
        ${
          page.markdownHref === undefined
            ? ''
            : html`<link rel="alternate" type="text/markdown" href="${page.markdownHref}" />`
        }
        ${(page.scripts ?? []).map((src) => html`<script src="${assetHref(src)}" defer></script>`)}
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to content</a>
        <header class="site-header">
          <div class="wrap">
            <a class="brand" href="${page.homeHref ?? '/'}">${page.siteName}</a>
            <nav class="site-nav" aria-label="Site">
              <ul>
                ${nav('/search', 'Search', 'search')} ${nav('/docs', 'API', 'api')}
                ${nav('/subscribe', 'Newsletter', 'subscribe')}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" class="wrap" tabindex="-1">
          ${page.heading ?? html`<h1>${page.title}</h1>`}
          ${
            page.aside === undefined
              ? page.body
              : html`<div class="with-aside">
                  <div class="primary">${page.body}</div>
                  <aside class="side" aria-label="${page.asideLabel ?? 'More'}">
                    ${page.aside}
                  </aside>
                </div>`
          }
        </main>
        <footer class="site-footer">
          <div class="wrap">
            <nav aria-label="For developers and agents">
              <ul>
                <li><a href="/docs">API reference</a></li>
                <li><a href="/api/v1/openapi.json">OpenAPI</a></li>
                <li><a href="/developers.md">Developer guide</a></li>
                <li><a href="/mcp/server-card">MCP server card</a></li>
                <li><a href="/llms.txt">llms.txt</a></li>
                <li><a href="/reviews/feed.xml">Review feed</a></li>
                <li><a href="/reviews/index.json">Full archive (JSON)</a></li>
                <li><a href="/subscribe">Newsletter</a></li>
              </ul>
            </nav>
            <p>Free to use, no account or key. Reviews are dated and historical.</p>
          </div>
        </footer>
      </body>
    </html> `.value;
}

/**
 * Headers every HTML page of the site carries, cached or not (docs/api.md#website), besides the
 * frame's (`nosniff`, request id) that every response gets.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Permissions-Policy': 'tools=(self)',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Headers of a page that must not be stored or leak its URL (pages behind tokens, forms). */
const PRIVATE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...PAGE_SECURITY_HEADERS,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

/** Sends a rendered page with `status` and `headers`; no cookies are ever set. */
export function sendPage(
  res: Response,
  status: number,
  page: string,
  headers: Readonly<Record<string, string>> = PRIVATE_PAGE_HEADERS,
): void {
  res.status(status).set(headers).type('text/html; charset=utf-8').send(page);
}
