import type { DetailResultBody, ReviewBody, ReviewPage, Rights } from '@reviews/application';
import { stackTagKind } from '@reviews/domain';
import { markdownAutolink, markdownInline, markdownText } from './markdown-text.js';
import { withCursor } from './paged-url.js';

/**
 * The Markdown twin of a tool page (`/tools/{id}.md`, and the MCP resource `reviews://tools/{id}`,
 * docs/mcp.md#resources): the same page of reviews, the stacks record, notice and rights — every
 * catalog text escaped so it stays plain text. `limit` is the page size the reader asked for (kept
 * in the link to the next page).
 */
export function toolMarkdown(detail: DetailResultBody, limit: number | undefined): string {
  const { tool } = detail;
  const nextPageUrl =
    detail.nextCursor === null
      ? undefined
      : withCursor(tool.markdownUrl, { limit }, Number.parseInt(detail.nextCursor, 10));
  const lines = [
    `# ${markdownInline(tool.name)}`,
    '',
    markdownText(tool.description),
    '',
    `- Id: \`${tool.id}\``,
    `- Category: ${tool.category === null ? 'none' : markdownInline(tool.category)}`,
    `- Website: ${markdownAutolink(tool.website)}`,
    `- Page: ${markdownAutolink(tool.url)}`,
    '',
    `> ${markdownInline(detail.historicalNotice)}`,
    '',
    '## Technology stack',
    '',
    ...stacksLines(detail.stacks),
    '',
    '## Reviews (newest first)',
    '',
    ...(detail.reviews.length === 0 ? ['No reviews on this page.', ''] : []),
    ...detail.reviews.flatMap((review) => reviewLines(review, '###')),
    nextPageUrl === undefined
      ? 'Last page of reviews.'
      : `More reviews: ${markdownAutolink(nextPageUrl)}`,
    '',
    ...rightsMarkdown(detail.rights),
  ];
  return lines.join('\n');
}

/**
 * One review as Markdown, in the twin's words (the MCP resource
 * `reviews://tools/{id}/reviews/{reviewId}`): the tool it belongs to, the review with the address
 * to cite, notice and rights.
 */
export function reviewMarkdown(page: ReviewPage): string {
  const { tool, review } = page;
  return [
    `# ${markdownInline(tool.name)}: review of ${review.reviewedOn}`,
    '',
    `- Tool id: \`${tool.id}\``,
    `- Tool page: ${markdownAutolink(tool.url)} (Markdown: ${markdownAutolink(tool.markdownUrl)})`,
    '',
    `> ${markdownInline(page.historicalNotice)}`,
    '',
    ...reviewLines(review, '##'),
    ...rightsMarkdown(page.rights),
  ].join('\n');
}

/**
 * The rights section every Markdown document of the catalog ends with (the twin, and the MCP
 * resources, docs/mcp.md#resources), as lines.
 */
export function rightsMarkdown(rights: Rights): string[] {
  return [
    '## Rights',
    '',
    `© ${rights.copyrightYear} ${markdownInline(rights.copyrightHolder)}. ${markdownInline(rights.statement)}`,
    '',
    `${markdownInline(rights.usageTerms)} ${markdownInline(rights.usageInfo)} Contact: ${markdownInline(rights.contact)}`,
    '',
  ];
}

/** A review under a heading of the given level (a section of the twin, or a document's top). */
function reviewLines(review: ReviewBody, heading: '##' | '###'): string[] {
  const author =
    review.author.name === undefined ? '' : ` by ${markdownInline(review.author.name)}`;
  return [
    `${heading} Review of ${review.reviewedOn}${author}`,
    '',
    `- Cite: ${markdownAutolink(review.url)} (reviewed ${review.reviewedOn})`,
    `- Updated: ${review.updatedAt}`,
    ...(review.author.url === undefined
      ? []
      : [`- Author: ${markdownAutolink(review.author.url)}`]),
    '',
    '**Likes**',
    '',
    markdownText(review.likes),
    '',
    '**Dislikes**',
    '',
    markdownText(review.dislikes),
    '',
  ];
}

function stacksLines(stacks: DetailResultBody['stacks']): string[] {
  if (stacks === null) return ['Compatibility unknown (not researched).'];
  return [
    `- Status: ${stacks.status}`,
    `- Observed on: ${stacks.observed_on}`,
    `- Source: ${markdownAutolink(stacks.source_url)}`,
    ...stacks.tags.map((tag) => `- ${markdownInline(tag.label)} (${stackTagKind(tag)})`),
    '',
    markdownText(stacks.evidence),
  ];
}
