import type { Review } from '../catalog/review.js';
import type { Tool } from '../catalog/tool.js';
import { isAscii } from './text-folding.js';

const KNOWN = 1;
const LIKES_PLAIN = 2;
const DISLIKES_PLAIN = 4;

const isPlain = (text: string): boolean => isAscii(text) && !text.includes("'");

/**
 * Which review texts of a publication are plain: ASCII without apostrophes, so that folding
 * them is lower-casing alone and their tokens drop nothing. An excerpt probes the reviews of a
 * matching tool, thousands for some tools, and checking each text for this again on every
 * search was a third of that probing. Learned per review the first time an excerpt reads it
 * and kept (one byte per review), so publishing pays nothing for it; and a tool whose newest
 * review holds every keyword has only that review checked, not its thousand others.
 */
export class PlainReviewTexts {
  /** Per tool ordinal: the index of its first review in {@link shapes}; one more at the end. */
  private readonly firstReview: Uint32Array;
  /** Per review: {@link KNOWN} once it was checked, with the plain bit of each text. */
  private readonly shapes: Uint8Array;

  /**
   * `reviewStarts`: per tool, the number of reviews of the tools before it, and the total at the
   * end, when the caller counted them already (`ArrivingTools`); counted here otherwise.
   */
  constructor(
    private readonly tools: readonly Tool[],
    reviewStarts?: Uint32Array,
  ) {
    if (reviewStarts !== undefined) {
      if (reviewStarts.length !== tools.length + 1)
        throw new Error('The review counts do not fit the tools.');
      this.firstReview = reviewStarts;
    } else {
      this.firstReview = new Uint32Array(tools.length + 1);
      for (let ordinal = 0; ordinal < tools.length; ordinal++) {
        const reviews = (tools[ordinal] as Tool).reviews.length;
        this.firstReview[ordinal + 1] = (this.firstReview[ordinal] as number) + reviews;
      }
    }
    this.shapes = new Uint8Array(this.firstReview[tools.length] as number);
  }

  /**
   * Whether the `source` text of review `review` (its position in the tool's reviews) of the
   * tool at `ordinal` is plain.
   */
  isPlain(ordinal: number, review: number, source: 'likes' | 'dislikes'): boolean {
    const at = (this.firstReview[ordinal] as number) + review;
    let shape = this.shapes[at] as number;
    if (shape === 0) {
      const { likes, dislikes } = (this.tools[ordinal] as Tool).reviews[review] as Review;
      shape = KNOWN | (isPlain(likes) ? LIKES_PLAIN : 0) | (isPlain(dislikes) ? DISLIKES_PLAIN : 0);
      this.shapes[at] = shape;
    }
    return (shape & (source === 'likes' ? LIKES_PLAIN : DISLIKES_PLAIN)) !== 0;
  }
}
