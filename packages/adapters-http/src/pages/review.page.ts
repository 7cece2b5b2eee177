import type { ReviewPage } from '@reviews/application';
import { html } from '../html/escape-html.js';
import { renderPage } from '../html/page-layout.js';
import { WEBMCP_SCRIPT_PATH } from './site-assets.js';
import { dateTime, historicalNotice, rightsBlock, toolPath } from './page-parts.js';
import { authorLine } from './tool.page.js';

/**
 * `/tools/{id}/reviews/{reviewId}`: the permanent page a citation points to — the review's likes
 * and dislikes, its dates and author, its tool, and how to cite it.
 */
export function reviewPage(siteName: string, page: ReviewPage): string {
  const { tool, review } = page;
  const title = `${tool.name}: review of ${review.reviewedOn}`;
  // One column of one width: the boxes (facts, note, citation) line up with the text.
  const body = html`<div class="column">
    <p class="meta">
      <a href="${toolPath(tool.id)}">← ${tool.name}: all reviews</a>
    </p>
    <dl class="facts card">
      <dt>Reviewed on</dt>
      <dd>${dateTime(review.reviewedOn)}</dd>
      <dt>Last updated</dt>
      <dd>${dateTime(review.updatedAt)}</dd>
      <dt>Author</dt>
      <dd>${authorLine(review)}</dd>
      <dt>Tool</dt>
      <dd>
        <a href="${toolPath(tool.id)}">${tool.name}</a> ·
        <a href="${tool.website}" rel="external noopener noreferrer">website</a>
      </dd>
    </dl>
    ${historicalNotice(page.historicalNotice)}
    <section class="review" aria-labelledby="likes-heading">
      <h2 id="likes-heading">Likes</h2>
      <p>${review.likes}</p>
    </section>
    <section class="review" aria-labelledby="dislikes-heading">
      <h2 id="dislikes-heading">Dislikes</h2>
      <p>${review.dislikes}</p>
    </section>
    <section class="card cite" aria-labelledby="cite-heading">
      <h2 id="cite-heading">Cite this review</h2>
      <p>Quote it with its address and its date:</p>
      <dl class="facts">
        <dt>URL</dt>
        <dd>
          <a href="${review.url}" id="cite-url"><code>${review.url}</code></a>
        </dd>
        <dt>Reviewed on</dt>
        <dd><code>${review.reviewedOn}</code></dd>
      </dl>
      <p class="meta">
        For example: “${tool.name}”, review of ${review.reviewedOn}, ${siteName}, ${review.url}
      </p>
    </section>
    ${rightsBlock(page.rights)}
  </div>`;
  return renderPage({
    title,
    siteName,
    heading: html`<h1>${tool.name}: review of ${dateTime(review.reviewedOn)}</h1>`,
    body,
    description: `Review of ${tool.name} published ${review.reviewedOn}.`,
    markdownHref: `${toolPath(tool.id)}.md`,
    scripts: [WEBMCP_SCRIPT_PATH],
  });
}
