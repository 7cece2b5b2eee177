import type { ClosestToolBody, SearchItemBody, SearchResultBody } from '@reviews/application';
import { html, type SafeHtml } from '../html/escape-html.js';
import { renderPage } from '../html/page-layout.js';
import { WEBMCP_SCRIPT_PATH } from './site-assets.js';
import {
  categoryFacets,
  highlightedExcerpt,
  jumpToFacets,
  matchedStackTags,
  suggestionLinks,
} from './search-refinements.js';
import {
  categoryPath,
  dateTime,
  historicalNotice,
  pager,
  reviewPath,
  searchForm,
  shorten,
  toolPath,
  withCursor,
} from './page-parts.js';

/** The search as the page received it (already validated like the API's). */
interface SearchPageQuery {
  readonly q?: string;
  readonly category?: string;
  readonly limit?: number;
  readonly cursor?: string;
}

const DEFAULT_LIMIT = 10;

/** `/search`: the API's results, in the API's order, with excerpts and their citations. */
export function searchPage(
  siteName: string,
  query: SearchPageQuery,
  result: SearchResultBody,
): string {
  const offset = query.cursor === undefined ? 0 : Number.parseInt(query.cursor, 10);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const params = { q: query.q, category: query.category, limit: query.limit };
  const keywords = query.q?.trim() ?? '';
  const body = html`${searchForm({ q: query.q, category: query.category, label: 'Search the reviews' })}
  ${
    query.category === undefined
      ? ''
      : html`<p class="meta">
          In category <span class="chip">${query.category}</span> ·
          <a href="${withCursor('/search', { q: query.q }, undefined)}">search every category</a>
        </p>`
  }
  ${suggestionLinks(result, params)} ${jumpToFacets(result)}
  ${
    result.items.length === 0
      ? html`${noResults(offset)} ${closestTools(result.closestTools)}`
      : html`<p class="meta" aria-live="polite">
            Results
            ${offset + 1}–${offset + result.items.length}${
              keywords === '' ? ', newest review first' : ''
            }
          </p>
          <ol class="plain-list results" start="${offset + 1}">
            ${result.items.map((item) => resultItem(item))}
          </ol>`
  }
  ${pager({
    label: 'results',
    ranked: keywords !== '',
    previousHref:
      offset > 0 ? withCursor('/search', params, Math.max(0, offset - limit)) : undefined,
    nextHref:
      result.nextCursor === null
        ? undefined
        : withCursor('/search', params, Number.parseInt(result.nextCursor, 10)),
  })}`;
  return renderPage({
    title: heading(keywords, query.category),
    siteName,
    body,
    current: 'search',
    description: 'Search dated, editorial reviews of developer tools.',
    // Wide screens show the categories of every match beside the results (a phone, below them,
    // with a link to them before the results: jumpToFacets).
    aside: html`${categoryFacets(result, params)} ${historicalNotice(result.historicalNotice)}`,
    asideLabel: 'Categories and notes on these results',
    scripts: [WEBMCP_SCRIPT_PATH],
  });
}

function heading(keywords: string, category: string | undefined): string {
  if (keywords !== '') return `Results for “${keywords}”`;
  if (category !== undefined) return `Tools in ${category}`;
  return 'All reviewed tools';
}

function noResults(offset: number): SafeHtml {
  return offset > 0
    ? html`<p class="notice">There are no more results on this page.</p>`
    : html`<p class="notice">
        No tool matches every word. Try fewer or shorter words (a word also finds words it begins),
        or <a href="/search">browse every tool</a>.
      </p>`;
}

/**
 * The closest tools under an empty result (docs/api.md#the-closest-tools): labelled as partial
 * matches, each naming the words it misses.
 */
function closestTools(tools: readonly ClosestToolBody[] | undefined): SafeHtml {
  if (tools === undefined || tools.length === 0) return html``;
  return html`<section class="closest" aria-labelledby="closest-tools">
    <h2 id="closest-tools" class="meta">Closest tools: partial matches, each missing some words</h2>
    <ol class="plain-list results">
      ${tools.map((tool) =>
        resultItem(
          tool,
          html`<p class="meta missing">
            Missing:
            ${tool.missingKeywords.map((keyword, i) => html`${i === 0 ? '' : ', '}<s>${keyword}</s>`)}
          </p>`,
        ),
      )}
    </ol>
  </section>`;
}

function resultItem(item: SearchItemBody, note: SafeHtml = html``): SafeHtml {
  return html`<li class="card">
    <h2 class="result-title"><a href="${toolPath(item.id)}">${item.name}</a></h2>
    <p class="meta">
      ${
        item.category === null
          ? 'No category'
          : html`<a href="${categoryPath(item.category)}">${item.category}</a>`
      }
    </p>
    ${
      item.excerpt === undefined
        ? html`<p class="excerpt">${shorten(item.description, 240)}</p>`
        : html`<p class="excerpt">${highlightedExcerpt({ ...item, excerpt: item.excerpt })}</p>
            ${matchedStackTags(item)}`
    }
    ${
      item.review === undefined
        ? ''
        : html`<p class="meta">
            From the ${item.excerptSource === 'dislikes' ? 'dislikes' : 'likes'} of the review of
            ${dateTime(item.review.reviewedOn)} ·
            <a href="${reviewPath(item.id, item.review.id)}">cite this review</a>
          </p>`
    }
    ${note}
  </li>`;
}
