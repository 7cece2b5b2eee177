import type { CatalogDocument } from '@reviews/domain';
import type { CatalogDiff, ReviewRef } from './catalog-diff.js';
import { isEmptyDiff } from './catalog-diff.js';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
const reviewName = (review: ReviewRef): string =>
  `${review.toolId}/${review.reviewId} (reviewed ${review.reviewedOn})`;
const reviewCount = (document: CatalogDocument): number =>
  document.tools.reduce((sum, tool) => sum + tool.reviews.length, 0);

/**
 * The readable summary of `catalog diff`: both catalogs in one line each, the counts, then one
 * line per change (`+` added or new, `-` removed, `~` changed or revised, `!` changed without a
 * new revisionId).
 */
export function renderCatalogDiff(
  names: { readonly old: string; readonly new: string },
  previous: CatalogDocument,
  next: CatalogDocument,
  diff: CatalogDiff,
): string {
  const lines = [
    `old ${names.old}: ${plural(previous.tools.length, 'tool')}, ${plural(reviewCount(previous), 'review')}, published ${previous.publishedAt}`,
    `new ${names.new}: ${plural(next.tools.length, 'tool')}, ${plural(reviewCount(next), 'review')}, published ${next.publishedAt}`,
  ];
  if (isEmptyDiff(diff)) {
    lines.push('No changes to tools or reviews.');
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    `tools: ${diff.toolsAdded.length} added, ${diff.toolsRemoved.length} removed, ${diff.toolsChanged.length} changed`,
    `reviews: ${diff.reviewsNew.length} new, ${diff.reviewsRevised.length} revised, ${diff.reviewsRemoved.length} removed` +
      (diff.reviewsChangedUnmarked.length > 0
        ? `, ${diff.reviewsChangedUnmarked.length} changed without a new revisionId`
        : ''),
    '',
  );
  for (const tool of diff.toolsAdded) {
    lines.push(`+ tool ${tool.id} "${tool.name}" with ${plural(tool.reviews.length, 'review')}`);
  }
  for (const tool of diff.toolsRemoved) {
    lines.push(`- tool ${tool.id} "${tool.name}" with ${plural(tool.reviews.length, 'review')}`);
  }
  for (const { tool, members } of diff.toolsChanged) {
    lines.push(`~ tool ${tool.id}: ${members.join(', ')} changed`);
  }
  for (const review of diff.reviewsNew) lines.push(`+ review ${reviewName(review)}`);
  for (const review of diff.reviewsRevised) {
    lines.push(`~ review ${reviewName(review)}: revision ${review.from} → ${review.to}`);
  }
  for (const review of diff.reviewsRemoved) lines.push(`- review ${reviewName(review)}`);
  for (const review of diff.reviewsChangedUnmarked) {
    lines.push(`! review ${reviewName(review)}: content changed but revisionId did not`);
  }
  return `${lines.join('\n')}\n`;
}
