import type { ReviewChangeBody, ReviewChanges } from '@reviews/application';
import { Feed } from 'feed';
import { escapeHtml } from '@reviews/application';

/** Where the feed lives, relative to the base URL. */
export const REVIEW_FEED_PATH = '/reviews/feed.xml';
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * The library writes text elements through xml-js, which turns `&amp;` back into `&` before
 * escaping ("desanitizes"), so a literal `&amp;` in a name would arrive as `&`. Escaping every
 * `&` first makes the round trip exact. (Titles and summaries are HTML inside CDATA and are
 * HTML-escaped instead, which also keeps `]]>` out of the CDATA: xml-js splits only the first.)
 */
const text = (value: string): string => value.replace(/&/g, '&amp;');

/** How much of each review text an entry's summary carries (the entry links to the whole). */
const SUMMARY_TEXT_LENGTH = 500;

/**
 * The Atom document (RFC 4287) of the latest review changes, rendered by the `feed` library.
 * Catalog texts are plain text: titles and summaries go out as `type="html"`, so they are
 * HTML-escaped first and a reader shows them as the very characters of the catalog; the library
 * takes care of XML escaping (including `]]>` inside CDATA).
 */
export function renderAtomFeed(
  feed: ReviewChanges,
  about: { baseUrl: string; serviceName: string },
): string {
  const newest = feed.changes[0]?.review.updatedAt ?? feed.publishedAt;
  const atom = new Feed({
    id: `${about.baseUrl}${REVIEW_FEED_PATH}`,
    title: text(`${about.serviceName}: review changes`),
    description: text(feed.historicalNotice),
    updated: new Date(newest),
    link: `${about.baseUrl}/`,
    feed: `${about.baseUrl}${REVIEW_FEED_PATH}`,
    author: { name: text(feed.rights.copyrightHolder) },
    copyright: text(
      `© ${feed.rights.copyrightYear} ${feed.rights.copyrightHolder}. ${feed.rights.statement}`,
    ),
    generator: false,
  });
  for (const change of feed.changes) atom.addItem(entryOf(change));
  return atom.atom1();
}

function entryOf({ tool, review }: ReviewChangeBody) {
  const author = review.author.name === undefined ? [] : [authorOf(review.author)];
  return {
    id: entryId(review.url, review.revisionId, review.reviewedOn),
    title: escapeHtml(`${tool.name}: review of ${review.reviewedOn}`),
    link: review.url,
    date: new Date(review.updatedAt),
    published: new Date(`${review.reviewedOn}T00:00:00Z`),
    description: escapeHtml(
      `Likes: ${shorten(review.likes)} Dislikes: ${shorten(review.dislikes)}`,
    ),
    author,
  };
}

function authorOf(author: { name?: string; url?: string }): { name: string; link?: string } {
  const name = text(author.name ?? '');
  return author.url === undefined ? { name } : { name, link: author.url };
}

/**
 * A tag URI (RFC 4151) per review revision: stable for as long as that revision is published,
 * new when the review is revised, whatever the base URL's path. The tagging date is the review
 * date, which a revision never changes.
 */
function entryId(reviewUrl: string, revisionId: string, reviewedOn: string): string {
  const url = new URL(reviewUrl);
  return `tag:${url.hostname},${reviewedOn}:${url.pathname.replace(/^\//, '')}/revisions/${encodeURIComponent(revisionId)}`;
}

function shorten(text: string): string {
  const points = [...text];
  return points.length <= SUMMARY_TEXT_LENGTH
    ? text
    : `${points.slice(0, SUMMARY_TEXT_LENGTH - 1).join('')}…`;
}
