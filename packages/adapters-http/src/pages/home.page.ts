import type { CatalogOverview } from '@reviews/application';
import { html } from '../html/escape-html.js';
import { renderPage } from '../html/page-layout.js';
import { WEBMCP_SCRIPT_PATH } from './site-assets.js';
import {
  categoryPath,
  dateTime,
  historicalNotice,
  reviewPath,
  searchForm,
  toolPath,
} from './page-parts.js';

/** `/`: the search box, categories with their tool counts, the newest reviews, the interfaces. */
export function homePage(siteName: string, overview: CatalogOverview): string {
  const categories =
    overview.categories.length === 0
      ? html`<p class="muted">No categories yet.</p>`
      : html`<ul class="chips">
          ${overview.categories.map(
            (category) =>
              html`<li>
                <a href="${categoryPath(category.name)}"
                  >${category.name} <span class="count">(${category.toolCount})</span></a
                >
              </li>`,
          )}
        </ul>`;
  const newest =
    overview.newestReviews.length === 0
      ? html`<p class="muted">No reviews published yet.</p>`
      : html`<ul class="plain-list latest">
          ${overview.newestReviews.map(
            ({ tool, review }) =>
              html`<li>
                <a href="${reviewPath(tool.id, review.id)}"><strong>${tool.name}</strong></a>
                <p class="meta">
                  Reviewed
                  ${dateTime(review.reviewedOn)}${
                    review.author.name === undefined ? '' : html` by ${review.author.name}`
                  }
                  · <a href="${toolPath(tool.id)}">all reviews of ${tool.name}</a>
                </p>
              </li>`,
          )}
        </ul>`;
  const body = html`<p class="lead">
      Dated, editorial reviews of ${overview.toolCount} developer tools (${overview.reviewCount}
      reviews), searchable by people and by agents. Free, no account or key.
    </p>
    ${searchForm({ label: 'Search the reviews' })}
    <div class="grid two">
      <div>
        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading">Browse by category</h2>
          ${categories}
        </section>
        <section aria-labelledby="latest-heading">
          <h2 id="latest-heading">Latest reviews</h2>
          ${newest}
          <p><a href="/search">Browse every tool, newest review first →</a></p>
        </section>
      </div>
      <aside aria-label="Newsletter and interfaces">
        <section class="card" aria-labelledby="newsletter-heading">
          <h2 id="newsletter-heading">Newsletter</h2>
          <p>An e-mail when new reviews are published. Double opt-in, unsubscribe any time.</p>
          <p><a href="/subscribe">Sign up for the newsletter</a></p>
        </section>
        <section class="card" aria-labelledby="developers-heading">
          <h2 id="developers-heading">For developers and agents</h2>
          <ul>
            <li><a href="/docs">API reference</a> (REST, JSON, no key)</li>
            <li><a href="/api/v1/openapi.json">OpenAPI document</a></li>
            <li>
              MCP endpoint <code>POST /mcp</code> with <code>search_tools</code> and
              <code>get_tool</code> (<a href="/mcp/server-card">server card</a>)
            </li>
            <li><a href="/developers.md">Developer guide</a> · <a href="/llms.txt">llms.txt</a></li>
            <li><a href="/reviews/feed.xml">Feed of review changes</a> (Atom)</li>
          </ul>
          <p class="meta">
            Published ${dateTime(overview.publishedAt)}. In browsers with WebMCP these pages offer
            the same two tools to your agent.
          </p>
        </section>
      </aside>
    </div>
    ${historicalNotice(overview.historicalNotice)}`;
  return renderPage({
    title: 'Reviews of developer tools',
    siteName,
    body,
    description: `Dated, editorial reviews of ${overview.toolCount} developer tools, with a free API and MCP endpoint.`,
    scripts: [WEBMCP_SCRIPT_PATH],
  });
}
