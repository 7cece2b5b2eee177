import { stackTagKind } from '@reviews/domain';
import type { DetailResultBody, ReviewBody } from '@reviews/application';
import { markdownAutolink, markdownInline, markdownText } from '@reviews/http-common';

/**
 * `/tools/{id}.md`: the tool page as Markdown for agents — the same page of reviews, the stacks
 * record, notice and rights — every catalog text escaped so it stays plain text.
 */
export function toolMarkdown(detail: DetailResultBody, nextPageUrl: string | undefined): string {
  const { tool } = detail;
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
    ...detail.reviews.flatMap(reviewLines),
    nextPageUrl === undefined
      ? 'Last page of reviews.'
      : `More reviews: ${markdownAutolink(nextPageUrl)}`,
    '',
    '## Rights',
    '',
    `© ${detail.rights.copyrightYear} ${markdownInline(detail.rights.copyrightHolder)}. ${markdownInline(detail.rights.statement)}`,
    '',
    `${markdownInline(detail.rights.usageTerms)} ${markdownInline(detail.rights.usageInfo)} Contact: ${markdownInline(detail.rights.contact)}`,
    '',
  ];
  return lines.join('\n');
}

function reviewLines(review: ReviewBody): string[] {
  const author =
    review.author.name === undefined ? '' : ` by ${markdownInline(review.author.name)}`;
  return [
    `### Review of ${review.reviewedOn}${author}`,
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
