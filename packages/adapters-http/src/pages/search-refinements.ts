import type { SearchItemBody, SearchResultBody } from '@reviews/application';
import { html, type SafeHtml } from '../html/escape-html.js';
import { withCursor } from './page-parts.js';

/** The search a refinement link keeps: its keywords and page size (a new category starts over). */
interface RefinedSearch {
  readonly q?: string;
  readonly category?: string;
  readonly limit?: number;
}

/**
 * The categories of every match with their counts (docs/api.md#facets), each a link to the same
 * search in that category; the current one is marked and leads back to every category.
 */
export function categoryFacets(result: SearchResultBody, search: RefinedSearch): SafeHtml {
  const facets = result.facets?.category ?? [];
  if (facets.length === 0) return html``;
  const link = (category: string | undefined) =>
    withCursor('/search', { q: search.q, category, limit: search.limit }, undefined);
  return html`<nav class="facets" id="${FACETS_ID}" aria-label="Categories of the results">
    <h2 class="facets-title">Categories</h2>
    <ul class="chips">
      ${facets.map(({ name, count }) =>
        name === search.category
          ? html`<li>
              <a href="${link(undefined)}" aria-current="true" title="Show every category"
                >${name}</a
              >
              <span class="count">${count}</span>
            </li>`
          : html`<li><a href="${link(name)}">${name}</a> <span class="count">${count}</span></li>`,
      )}
    </ul>
  </nav>`;
}

const FACETS_ID = 'categories';

/**
 * On a narrow screen the side column, and so the categories, come after every result: a link
 * before the results jumps to them (hidden where the column is beside the results).
 */
export function jumpToFacets(result: SearchResultBody): SafeHtml {
  const facets = result.facets?.category ?? [];
  if (facets.length === 0) return html``;
  return html`<p class="meta to-side">
    <a href="#${FACETS_ID}">Narrow by category (${facets.length}) ↓</a>
  </p>`;
}

/** "Did you mean …" (docs/api.md#did-you-mean): each suggestion a link to its search. */
export function suggestionLinks(result: SearchResultBody, search: RefinedSearch): SafeHtml {
  const suggestions = result.suggestions ?? [];
  if (suggestions.length === 0) return html``;
  const links = suggestions.map(
    ({ q, total }, i) =>
      html`${i === 0 ? '' : i === suggestions.length - 1 ? ' or ' : ', '}<a
          href="${withCursor('/search', { q, category: search.category, limit: search.limit }, undefined)}"
          >${q}</a
        >
        (${total} ${total === 1 ? 'tool' : 'tools'})`,
  );
  return html`<p class="notice suggestions">Did you mean ${links}?</p>`;
}

/**
 * An excerpt with the parts its keywords matched in `<mark>` (docs/api.md#highlights); every
 * part, marked or not, escaped like all catalog text.
 */
export function highlightedExcerpt(item: SearchItemBody & { excerpt: string }): SafeHtml {
  return highlighted(item.excerpt, item.excerptHighlights);
}

/**
 * The stack tags a keyword matched where the name, description and category did not
 * (docs/api.md#matched-stack-tags), beside the excerpt that may lack the keyword, each label with
 * its highlights in `<mark>`.
 */
export function matchedStackTags(item: SearchItemBody): SafeHtml {
  const tags = item.matchedStackTags ?? [];
  if (tags.length === 0) return html``;
  return html`<p class="meta matched-tags">
    Matched the stack ${tags.length === 1 ? 'tag' : 'tags'}
    ${tags.map(
      (tag, i) =>
        html`${i === 0 ? '' : ', '}<span class="chip"
            >${highlighted(tag.label, tag.labelHighlights)}</span
          >`,
    )}
  </p>`;
}

function highlighted(text: string, ranges: readonly (readonly number[])[] | undefined): SafeHtml {
  const parts: SafeHtml[] = [];
  let at = 0;
  for (const [start = 0, end = 0] of ranges ?? []) {
    if (start < at || end <= start || end > text.length) continue;
    parts.push(html`${text.slice(at, start)}<mark>${text.slice(start, end)}</mark>`);
    at = end;
  }
  parts.push(html`${text.slice(at)}`);
  return html`${parts}`;
}
