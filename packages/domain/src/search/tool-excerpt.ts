import { isNewerReview as isNewer, type Review } from '../catalog/review.js';
import type { StackTag } from '../catalog/stacks.js';
import type { Tool } from '../catalog/tool.js';
import { cutExcerpt } from './excerpt-window.js';
import {
  firstMatch,
  holdsKeywords,
  markMatchedKeywords,
  markProbedKeywords,
  probeKeywords,
} from './keyword-text-match.js';
import { signatureBit } from './review-text-facts.js';
import type { Excerpt } from './search-types.js';

/** Name, description and category: the texts of tiers 0 and 1 besides the stack tag labels. */
function profileTexts(tool: Tool): string[] {
  const texts = [tool.name, tool.description];
  if (tool.category !== null) texts.push(tool.category);
  return texts;
}

/**
 * Marks in `matched` the keywords the stack tag labels match, and returns the tags that match a
 * keyword the profile texts did not (`byProfile`): without them a result may show no trace of
 * why it matched (docs/api.md#matched-stack-tags).
 */
function markTagKeywords(
  tool: Tool,
  keywords: readonly string[],
  byProfile: readonly boolean[],
  matched: boolean[],
): StackTag[] {
  const tags: StackTag[] = [];
  for (const tag of tool.stacks?.tags ?? []) {
    const own = [...byProfile];
    if (markMatchedKeywords(tag.label, keywords, own) === 0) continue;
    tags.push(tag);
    own.forEach((hit, i) => {
      if (hit) matched[i] = true;
    });
  }
  return tags;
}

interface Candidate {
  readonly review: Review;
  readonly source: 'likes' | 'dislikes';
  readonly count: number;
}

/**
 * The review text that matches most of the `open` keywords: ties go to the newer review
 * (`reviewedOn`, then `updatedAt`, then the earlier in the list), then to likes over dislikes.
 * A tool may have thousands of reviews, so a text is only tokenized when the keywords it
 * contains as substrings could still beat the best text so far; newest first, that is rare.
 * Even that substring test stops early (`holdsKeywords`): once a text holds `n` keywords, an
 * older one must hold `n + 1` to beat it, so when no review holds every keyword most texts are
 * dropped at the first keyword they lack instead of being searched for every keyword.
 */
function bestReviewText(
  reviews: readonly Review[],
  open: readonly string[],
  texts: ReviewTexts,
): Candidate | undefined {
  let best: Candidate | undefined;
  const bits = open.map(signatureBit);
  const consider = (review: Review, index: number, source: 'likes' | 'dislikes'): void => {
    // How many keywords this text must hold to beat the best: more, unless it is newer.
    const need = best === undefined ? 1 : best.count + (isNewer(review, best.review) ? 0 : 1);
    if (need > open.length) return;
    // The signature first: it rules most texts out without reading them.
    let possible = 0;
    for (let i = 0; i < bits.length && possible < need; i++)
      if (texts.mayHold(index, source, bits[i] as number)) possible++;
    if (possible < need) return;
    const plain = texts.isPlain(index, source);
    if (!holdsKeywords(review[source], open, need, plain)) return;
    const probe = probeKeywords(review[source], open, [], plain);
    if (probe.candidates.length < need) return;
    const count = markProbedKeywords(probe, open, []);
    if (count >= need) best = { review, source, count };
  };
  for (let index = 0; index < reviews.length; index++) {
    const review = reviews[index] as Review;
    if (best !== undefined && best.count === open.length) {
      // Only a newer text that holds every keyword still wins; newest first, none can follow.
      if (texts.newestFirst()) break;
      if (!isNewer(review, best.review)) continue;
    }
    consider(review, index, 'likes');
    consider(review, index, 'dislikes');
  }
  return best;
}

/**
 * What the index has learned of the tool's review texts (see `ReviewTextFacts`), by the review's
 * position: whether a text is ASCII without apostrophes, and whether its signature has a
 * keyword's bit; and whether the reviews are newest first. Unknown, the answers are `false`,
 * `true` and `false`, which only cost checks.
 */
interface ReviewTexts {
  isPlain(index: number, source: 'likes' | 'dislikes'): boolean;
  mayHold(index: number, source: 'likes' | 'dislikes', bit: number): boolean;
  /**
   * Whether no review is newer than one before it (as in detail order, a publication's), so
   * that once a text holds every keyword no later one can beat it. Unknown, it is `false`,
   * which only costs checks.
   */
  newestFirst(): boolean;
}

const unknown: ReviewTexts = {
  isPlain: () => false,
  mayHold: () => true,
  newestFirst: () => false,
};

/**
 * The excerpt of a keyword search hit (docs/api.md#search-rules-in-short). When the tool metadata
 * matches every keyword it comes from the description; otherwise from the review text that matches
 * most of the keywords the metadata did not, citing that review. Either way it names the stack
 * tags through which a keyword matched that the name, description and category do not match.
 * `keywords` must have matched `tool`.
 */
export function toolExcerpt(
  tool: Tool,
  keywords: readonly string[],
  texts: ReviewTexts = unknown,
): Excerpt {
  const byProfile: boolean[] = keywords.map(() => false);
  for (const text of profileTexts(tool)) markMatchedKeywords(text, keywords, byProfile);
  const matched = [...byProfile];
  const tags = markTagKeywords(tool, keywords, byProfile, matched);
  const open = keywords.filter((_, i) => !matched[i]);
  const chosen = open.length > 0 ? bestReviewText(tool.reviews, open, texts) : undefined;
  const withTags = tags.length === 0 ? {} : { tags };
  if (chosen === undefined) {
    return {
      text: cutExcerpt(tool.description, firstMatch(tool.description, keywords)?.start),
      source: 'tool',
      ...withTags,
    };
  }
  const text = chosen.review[chosen.source];
  return {
    text: cutExcerpt(text, firstMatch(text, keywords)?.start),
    source: chosen.source,
    review: chosen.review,
    ...withTags,
  };
}
