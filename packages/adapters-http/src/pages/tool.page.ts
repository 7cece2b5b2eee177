import { stackTagKind } from '@reviews/domain';
import type { DetailResultBody, ReviewBody } from '@reviews/application';
import { html, type SafeHtml } from '../html/escape-html.js';
import { renderPage } from '../html/page-layout.js';
import { WEBMCP_SCRIPT_PATH } from './site-assets.js';
import {
  categoryPath,
  dateTime,
  historicalNotice,
  pager,
  reviewPath,
  rightsBlock,
  toolPath,
  withCursor,
} from './page-parts.js';

interface ToolPageQuery {
  readonly limit?: number;
  readonly cursor?: string;
}

const DEFAULT_LIMIT = 10;

/** `/tools/{id}`: the tool, its reviews newest first (paged), its stacks record, notice, rights. */
export function toolPage(siteName: string, query: ToolPageQuery, detail: DetailResultBody): string {
  const { tool } = detail;
  const offset = query.cursor === undefined ? 0 : Number.parseInt(query.cursor, 10);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const path = toolPath(tool.id);
  const params = { limit: query.limit };
  const body = html`<p class="meta">
      ${
        tool.category === null
          ? 'No category'
          : html`Category <a href="${categoryPath(tool.category)}">${tool.category}</a>`
      }
      · <a href="${tool.website}" rel="external noopener noreferrer">Website</a> ·
      <a href="${path}.md" type="text/markdown">Markdown version</a>
    </p>
    <p class="lead">${tool.description}</p>
    ${historicalNotice(detail.historicalNotice)}
    <div class="grid two">
      <section aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews, newest first</h2>
        ${
          detail.reviews.length === 0
            ? html`<p class="muted">
                ${offset === 0 ? 'This tool has no reviews yet.' : 'No more reviews on this page.'}
              </p>`
            : html`<ol class="plain-list">
                ${detail.reviews.map((review) => reviewCard(tool.id, review))}
              </ol>`
        }
        ${pager({
          label: 'reviews',
          previousHref:
            offset > 0 ? withCursor(path, params, Math.max(0, offset - limit)) : undefined,
          nextHref:
            detail.nextCursor === null
              ? undefined
              : withCursor(path, params, Number.parseInt(detail.nextCursor, 10)),
        })}
      </section>
      <section class="card" aria-labelledby="stacks-heading">
        <h2 id="stacks-heading">Technology stack</h2>
        ${stacksBlock(detail.stacks)}
      </section>
    </div>
    ${rightsBlock(detail.rights)}`;
  return renderPage({
    title: tool.name,
    siteName,
    body,
    description: `Dated reviews of ${tool.name}.`,
    markdownHref: `${path}.md`,
    scripts: [WEBMCP_SCRIPT_PATH],
  });
}

function reviewCard(toolId: string, review: ReviewBody): SafeHtml {
  const heading = `review-${review.id}`;
  return html`<li>
    <article class="card review" aria-labelledby="${heading}">
      <h3 id="${heading}">
        <a href="${reviewPath(toolId, review.id)}">Review of ${dateTime(review.reviewedOn)}</a>
      </h3>
      <p class="meta">${authorLine(review)}</p>
      <h4>Likes</h4>
      <p>${review.likes}</p>
      <h4>Dislikes</h4>
      <p>${review.dislikes}</p>
      <p class="meta">Permanent link: <a href="${review.url}">${review.url}</a></p>
    </article>
  </li>`;
}

/** "By Ada" (linked when the catalog gives an address), or "Author not named". */
export function authorLine(review: ReviewBody): SafeHtml {
  const { name, url } = review.author;
  if (name === undefined && url === undefined) return html`Author not named`;
  const label = name ?? url ?? '';
  return url === undefined
    ? html`By ${label}`
    : html`By <a href="${url}" rel="external noopener noreferrer">${label}</a>`;
}

function stacksBlock(stacks: DetailResultBody['stacks']): SafeHtml {
  if (stacks === null) {
    return html`<p><strong>Compatibility unknown (not researched).</strong></p>
      <p class="meta">No stack research has been published for this tool.</p>`;
  }
  return html`<dl class="facts">
      <dt>Status</dt>
      <dd><span class="badge">${stacks.status}</span></dd>
      <dt>Observed on</dt>
      <dd>${dateTime(stacks.observed_on)}</dd>
      <dt>Source</dt>
      <dd><a href="${stacks.source_url}" rel="external noopener noreferrer">research source</a></dd>
    </dl>
    <p>${stacks.evidence}</p>
    ${
      stacks.tags.length === 0
        ? html`<p class="muted">No stack tags recorded.</p>`
        : html`<ul>
            ${stacks.tags.map(
              (tag) =>
                html`<li>
                  ${tag.label}
                  <span class="muted">(${stackTagKind(tag).replaceAll('_', ' ')})</span>
                </li>`,
            )}
          </ul>`
    }
    <p class="meta">This research is dated separately from the reviews.</p>`;
}
