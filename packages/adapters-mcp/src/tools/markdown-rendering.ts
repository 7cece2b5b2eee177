import type {
  DetailResultBody,
  ReviewBody,
  SearchItemBody,
  SearchResultBody,
} from '@reviews/application';

/**
 * The text content of the tool results (contract §8): a compact Markdown rendering of the same
 * body that `structuredContent` carries, so a client that hands both to a model does not pay for
 * the JSON twice, and a client that passes only text still gets everything needed to answer and
 * cite. Catalog texts are plain text: every kind of line break and whitespace is folded to one
 * space and Markdown syntax escaped; addresses are autolinks whose Markdown characters are
 * percent-encoded. So no catalog value can start a line (a fake `Cite:`) or a link of its own.
 */

const BROWSE_DESCRIPTION_LENGTH = 160;

export function renderSearchResult(body: SearchResultBody): string {
  const lines: string[] =
    body.items.length === 0
      ? ['No tools on this page.']
      : body.items.flatMap((item, index) => renderSearchItem(item, index + 1));
  lines.push(
    '',
    body.nextCursor === null
      ? 'Last page (nextCursor is null).'
      : `More results: call search_tools again with the same q and category and cursor "${body.nextCursor}".`,
    `Notice: ${inline(body.historicalNotice)}`,
  );
  return lines.join('\n');
}

function renderSearchItem(item: SearchItemBody, position: number): string[] {
  const lines = [
    `${position}. **${inline(item.name)}** · id \`${item.id}\` · ${categoryOf(item.category)}`,
  ];
  if (item.excerpt === undefined) {
    lines.push(`   ${inline(shorten(item.description, BROWSE_DESCRIPTION_LENGTH))}`);
  } else if (item.review === undefined) {
    lines.push(`   Excerpt (tool profile): ${inline(item.excerpt)}`);
  } else {
    lines.push(
      `   Excerpt (${item.excerptSource ?? 'review'} of the review of ${item.review.reviewedOn}): ${inline(item.excerpt)}`,
      `   Cite: ${address(item.review.url)} (reviewed ${item.review.reviewedOn})`,
    );
  }
  return lines;
}

export function renderDetailResult(body: DetailResultBody): string {
  const { tool } = body;
  const lines = [
    `# ${inline(tool.name)}`,
    `id \`${tool.id}\` · ${categoryOf(tool.category)} · website ${address(tool.website)} · page ${address(tool.url)}`,
    inline(tool.description),
    '',
    body.reviews.length === 0 ? 'No reviews on this page.' : '## Reviews (newest first)',
    ...body.reviews.flatMap(renderReview),
    '',
    renderStacks(body.stacks),
    '',
    body.nextCursor === null
      ? 'Last page of reviews (nextCursor is null).'
      : `More reviews: call get_tool with id "${tool.id}" and cursor "${body.nextCursor}".`,
    `Notice: ${inline(body.historicalNotice)}`,
  ];
  return lines.join('\n');
}

function renderReview(review: ReviewBody): string[] {
  return [
    `### Reviewed ${review.reviewedOn} — cite ${address(review.url)}`,
    `Likes: ${inline(review.likes)}`,
    `Dislikes: ${inline(review.dislikes)}`,
  ];
}

function renderStacks(stacks: DetailResultBody['stacks']): string {
  if (stacks === null) return 'Stacks: not researched, so compatibility is unknown.';
  const tags = stacks.tags.map(
    (tag) => `${inline(tag.label)} (${tag.dimension}, ${tag.relationship})`,
  );
  return [
    `Stacks (${stacks.status}, observed ${stacks.observed_on}, source ${address(stacks.source_url)}): ${tags.length === 0 ? 'no tags' : tags.join('; ')}`,
    `Evidence: ${inline(stacks.evidence)}`,
  ].join('\n');
}

function categoryOf(category: string | null): string {
  return category === null ? 'no category' : `category ${inline(category)}`;
}

/**
 * Every character that ends or separates a line somewhere — JavaScript's `\s` (which has
 * U+2028 and U+2029), NEL (U+0085), and the other C0/C1 controls — as one run.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const LINE_BREAKS_AND_SPACES = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/** One line of plain text made safe for Markdown: breaks folded, syntax characters escaped. */
export function inline(text: string): string {
  return text
    .replace(LINE_BREAKS_AND_SPACES, ' ')
    .trim()
    .replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`);
}

/**
 * An address as an autolink, `<https://…>`, with every character that could end the autolink
 * or mean something in Markdown (brackets, parentheses, angle brackets, emphasis, backslash,
 * backtick, quotes, whitespace, controls, anything outside ASCII) percent-encoded: a catalog
 * value like `https://a.example/)](https://evil.example/)` stays one inert address.
 */
export function address(url: string): string {
  const safe = Array.from(url, (char) =>
    /^[A-Za-z0-9\-.~:/?#@!$&'+,;=%]$/.test(char) ? char : percentEncoded(char),
  ).join('');
  return `<${safe}>`;
}

const utf8 = new TextEncoder();

function percentEncoded(char: string): string {
  return Array.from(
    utf8.encode(char),
    (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

/** At most `max` code points, cut at a word boundary, with `…` where it was cut. */
function shorten(text: string, max: number): string {
  const chars = Array.from(text.replace(LINE_BREAKS_AND_SPACES, ' ').trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const boundary = cut.lastIndexOf(' ');
  return `${boundary > max / 2 ? cut.slice(0, boundary) : cut}…`;
}
