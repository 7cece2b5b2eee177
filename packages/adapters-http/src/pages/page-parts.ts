import type { Rights } from '@reviews/application';
import { html, type SafeHtml } from '../html/escape-html.js';

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (`YYYY-MM-DD`) or an instant, shown as "2 October 2026" with its machine value. */
export function dateTime(value: string): SafeHtml {
  const instant = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  const label = Number.isNaN(instant.getTime()) ? value : DATE_FORMAT.format(instant);
  return html`<time datetime="${value}">${label}</time>`;
}

/** Our own address of a tool page, relative so that it works on whatever host serves it. */
export const toolPath = (toolId: string): string => `/tools/${encodeURIComponent(toolId)}`;

export const reviewPath = (toolId: string, reviewId: string): string =>
  `${toolPath(toolId)}/reviews/${encodeURIComponent(reviewId)}`;

export { categoryPath, withCursor } from '@reviews/http-common';

/**
 * Previous/next links of a paged list; `label` names what is paged ("results", "reviews").
 * A list ordered newest first goes back to "newer" ones; a `ranked` one (a keyword search, by
 * relevance) only to "previous" ones.
 */
export function pager(options: {
  readonly label: string;
  readonly previousHref?: string;
  readonly nextHref?: string;
  readonly ranked?: boolean;
}): SafeHtml {
  if (options.previousHref === undefined && options.nextHref === undefined) return html``;
  return html`<nav class="pager" aria-label="Pages of ${options.label}">
    ${
      options.previousHref === undefined
        ? html`<span></span>`
        : html`<a href="${options.previousHref}" rel="prev"
            >← ${options.ranked === true ? 'Previous' : 'Newer'} ${options.label}</a
          >`
    }
    ${
      options.nextHref === undefined
        ? ''
        : html`<a href="${options.nextHref}" rel="next">More ${options.label} →</a>`
    }
  </nav>`;
}

/** At most `max` code points, cut at a word boundary, with `…` where it was cut. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const boundary = cut.lastIndexOf(' ');
  return `${boundary > max / 2 ? cut.slice(0, boundary) : cut}…`;
}

export function historicalNotice(notice: string): SafeHtml {
  return html`<p class="notice" role="note"><strong>Note:</strong> ${notice}</p>`;
}

/** The rights statement every read response carries (docs/api.md#every-response). */
export function rightsBlock(rights: Rights): SafeHtml {
  return html`<section class="rights" aria-labelledby="rights-heading">
    <h2 id="rights-heading">Rights and reuse</h2>
    <p>© ${rights.copyrightYear} ${rights.copyrightHolder}. ${rights.statement}</p>
    <p>${rights.usageTerms} ${rights.usageInfo}</p>
    <p>Contact: ${rights.contact}</p>
  </section>`;
}

/** A search form; `category` (when filtering) travels along as a hidden field. */
export function searchForm(options: {
  readonly q?: string;
  readonly category?: string;
  readonly label: string;
  readonly autofocus?: boolean;
}): SafeHtml {
  return html`<form class="search-form" role="search" method="get" action="/search">
    <div class="field">
      <label for="q">${options.label}</label>
      <input
        id="q"
        name="q"
        type="search"
        maxlength="200"
        value="${options.q ?? ''}"
        placeholder="e.g. postgres migrations"
        aria-describedby="q-hint"
        ${options.autofocus === true ? html`autofocus` : ''}
      />
    </div>
    ${
      options.category === undefined
        ? ''
        : html`<input type="hidden" name="category" value="${options.category}" />`
    }
    <button type="submit">Search</button>
    <p id="q-hint" class="hint">
      Every word must match; a word also finds words it begins (postgres finds PostgreSQL).
    </p>
  </form>`;
}
