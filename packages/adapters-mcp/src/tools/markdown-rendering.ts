import { stackTagKind } from '@reviews/domain';
import type {
  ClosestToolBody,
  DetailResultBody,
  ReviewBody,
  SearchItemBody,
  SearchResultBody,
} from '@reviews/application';
import {
  foldToOneLine,
  markdownAutolink,
  markdownInline,
  markdownInlineStrong,
} from '@reviews/http-common';

/**
 * The text content of the tool results (docs/mcp.md#tools): a compact Markdown rendering of the
 * same body that `structuredContent` carries, so a client that hands both to a model does not pay
 * for the JSON twice, and a client that passes only text still gets everything needed to answer and
 * cite. Catalog texts are plain text: every kind of line break and whitespace is folded to one
 * space and Markdown syntax escaped; addresses are autolinks whose Markdown characters are
 * percent-encoded (the Markdown functions every output shares, `@reviews/http-common`). So no
 * catalog value can start a line (a fake `Cite:`) or a link of its own.
 */

const BROWSE_DESCRIPTION_LENGTH = 160;

export function renderSearchResult(body: SearchResultBody): string {
  const lines: string[] =
    body.closestTools !== undefined
      ? renderClosestTools(body.closestTools)
      : body.items.length === 0
        ? ['No tools on this page.']
        : body.items.flatMap((item, index) => renderSearchItem(item, index + 1));
  if (body.suggestions !== undefined && body.suggestions.length > 0) {
    const offers = body.suggestions.map(
      ({ q, total }) => `"${markdownInline(q)}" (${total} ${total === 1 ? 'tool' : 'tools'})`,
    );
    lines.push(
      `Did you mean ${offers.join(' or ')}? Call search_tools again with that q and the same category.`,
    );
  }
  if (body.facets !== undefined) {
    const counts = body.facets.category.map(
      ({ name, count }) => `${markdownInline(name)} (${count})`,
    );
    lines.push(
      '',
      `Categories of every match: ${counts.length === 0 ? 'none' : counts.join('; ')}.`,
    );
  }
  lines.push(
    '',
    body.nextCursor === null
      ? 'Last page (nextCursor is null).'
      : `More results: call search_tools again with the same q and category and cursor "${body.nextCursor}".`,
    `Notice: ${markdownInline(body.historicalNotice)}`,
  );
  return lines.join('\n');
}

/**
 * The closest tools of a search nothing matched in full (docs/mcp.md#tools), labelled as partial
 * matches: the missing keywords once in the heading when every tool misses the same ones,
 * otherwise on each tool's line.
 */
function renderClosestTools(tools: readonly ClosestToolBody[]): string[] {
  if (tools.length === 0) return ['No tool matches every keyword, and none matches any of them.'];
  const missing = (tool: ClosestToolBody) =>
    tool.missingKeywords.map((keyword) => `'${markdownInline(keyword)}'`).join(', ');
  const shared = missing(tools[0] as ClosestToolBody);
  const same = tools.every((tool) => missing(tool) === shared);
  return [
    same
      ? `No tool matches every keyword. Closest, missing ${shared}:`
      : 'No tool matches every keyword. Closest, each missing some keywords:',
    ...tools.flatMap((tool, index) =>
      renderSearchItem(tool, index + 1, same ? '' : ` · missing ${missing(tool)}`),
    ),
  ];
}

function renderSearchItem(item: SearchItemBody, position: number, note = ''): string[] {
  const lines = [
    `${position}. **${markdownInline(item.name)}** · id \`${item.id}\` · ${categoryOf(item.category)}${note}`,
  ];
  if (item.excerpt === undefined) {
    lines.push(`   ${markdownInline(shorten(item.description, BROWSE_DESCRIPTION_LENGTH))}`);
  } else if (item.review === undefined) {
    lines.push(`   Excerpt (tool profile): ${excerptOf(item)}`, ...matchedTagsOf(item));
  } else {
    lines.push(
      `   Excerpt (${item.excerptSource ?? 'review'} of the review of ${item.review.reviewedOn}): ${excerptOf(item)}`,
      ...matchedTagsOf(item),
      `   Cite: ${markdownAutolink(item.review.url)} (reviewed ${item.review.reviewedOn})`,
    );
  }
  return lines;
}

/**
 * The stack tags a keyword matched where the profile did not (docs/api.md#matched-stack-tags), so
 * that a result whose excerpt lacks a keyword still says why it matched; highlighted like the
 * excerpt.
 */
function matchedTagsOf(item: SearchItemBody): string[] {
  const tags = item.matchedStackTags ?? [];
  if (tags.length === 0) return [];
  const labels = tags.map((tag) =>
    tag.labelHighlights === undefined
      ? markdownInline(tag.label)
      : markdownInlineStrong(
          tag.label,
          tag.labelHighlights.map(([start = 0, end = 0]) => [start, end] as const),
        ),
  );
  return [`   Matched stack tag${tags.length === 1 ? '' : 's'}: ${labels.join('; ')}`];
}

/** The excerpt, inert, with its highlights in bold where they were asked for. */
const excerptOf = (item: SearchItemBody): string =>
  item.excerptHighlights === undefined
    ? markdownInline(item.excerpt ?? '')
    : markdownInlineStrong(
        item.excerpt ?? '',
        item.excerptHighlights.map(([start = 0, end = 0]) => [start, end] as const),
      );

/**
 * Each block — heading, the id line, the description, each of likes and dislikes, the stacks and
 * their evidence, paging, the notice — is a paragraph of its own, separated by a blank line: lines
 * without one would run into one paragraph when the text is rendered (docs/mcp.md#tools shows it).
 */
export function renderDetailResult(body: DetailResultBody): string {
  const { tool } = body;
  const blocks = [
    `# ${markdownInline(tool.name)}`,
    `id \`${tool.id}\` · ${categoryOf(tool.category)} · website ${markdownAutolink(tool.website)} · page ${markdownAutolink(tool.url)}`,
    markdownInline(tool.description),
    body.reviews.length === 0 ? 'No reviews on this page.' : '## Reviews (newest first)',
    ...body.reviews.flatMap(renderReview),
    ...renderStacks(body.stacks),
    body.nextCursor === null
      ? 'Last page of reviews (nextCursor is null).'
      : `More reviews: call get_tool with id "${tool.id}" and cursor "${body.nextCursor}".`,
    `Notice: ${markdownInline(body.historicalNotice)}`,
  ];
  return blocks.join('\n\n');
}

function renderReview(review: ReviewBody): string[] {
  return [
    `### Reviewed ${review.reviewedOn} — cite ${markdownAutolink(review.url)}`,
    `Likes: ${markdownInline(review.likes)}`,
    `Dislikes: ${markdownInline(review.dislikes)}`,
  ];
}

function renderStacks(stacks: DetailResultBody['stacks']): string[] {
  if (stacks === null) return ['Stacks: not researched, so compatibility is unknown.'];
  const tags = stacks.tags.map((tag) => `${markdownInline(tag.label)} (${stackTagKind(tag)})`);
  return [
    `Stacks (${stacks.status}, observed ${stacks.observed_on}, source ${markdownAutolink(stacks.source_url)}): ${tags.length === 0 ? 'no tags' : tags.join('; ')}`,
    `Evidence: ${markdownInline(stacks.evidence)}`,
  ];
}

function categoryOf(category: string | null): string {
  return category === null ? 'no category' : `category ${markdownInline(category)}`;
}

/** At most `max` code points, cut at a word boundary, with `…` where it was cut. */
function shorten(text: string, max: number): string {
  const chars = Array.from(foldToOneLine(text));
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const boundary = cut.lastIndexOf(' ');
  return `${boundary > max / 2 ? cut.slice(0, boundary) : cut}…`;
}
