import type { Response } from 'express';
import { SafeHtml, html } from './escape-html.js';

export interface PageContent {
  /** The document title and the page's heading. */
  readonly title: string;
  /** Shown in the header, linking home. */
  readonly siteName: string;
  readonly body: SafeHtml;
  /** Where the site name links to (default `/`). */
  readonly homeHref?: string;
}

/** Constant, not built from any input: trusted as markup. */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1a1a1a}
header a{color:inherit;text-decoration:none;font-weight:600}main{margin-top:1.5rem}
label{display:block;margin:.75rem 0 .25rem}input[type=email]{width:100%;max-width:24rem;padding:.4rem;font:inherit}
.consent{display:flex;gap:.5rem;align-items:flex-start}.consent input{margin-top:.35rem}
button{font:inherit;padding:.45rem 1rem;margin-top:1rem;cursor:pointer}
.notice{padding:.75rem;border-left:4px solid #888;background:#f4f4f4}.error{border-color:#b00020;background:#fdecee}`;

/** The shared page shell: a server-rendered document that needs no script. */
export function renderPage(page: PageContent): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.title} · ${page.siteName}</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <header><a href="${page.homeHref ?? '/'}">${page.siteName}</a></header>
        <main>
          <h1>${page.title}</h1>
          ${page.body}
        </main>
      </body>
    </html> `.value;
}

/** Headers of a page that must not be stored or leak its URL (pages behind tokens, forms). */
export const PRIVATE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
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
