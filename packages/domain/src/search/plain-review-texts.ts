import type { Tool } from '../catalog/tool.js';
import { isAscii } from './text-folding.js';

const KNOWN = 1;
const LIKES_PLAIN = 2;
const DISLIKES_PLAIN = 4;

const isPlain = (text: string): boolean => isAscii(text) && !text.includes("'");

/**
 * Which review texts of a publication are plain: ASCII without apostrophes, so that folding
 * them is lower-casing alone and their tokens drop nothing. An excerpt probes every review of a
 * matching tool, thousands for some tools, and checking each text for this again on every
 * search was a third of that probing. Learned per tool the first time an excerpt reads its
 * reviews and kept (one byte per review), so publishing pays nothing for it.
 */
export class PlainReviewTexts {
  /** Per tool ordinal: the index of its first review in {@link shapes}; one more at the end. */
  private readonly firstReview: Uint32Array;
  /** Per review: {@link KNOWN} once its tool was checked, with the plain bit of each text. */
  private readonly shapes: Uint8Array;

  constructor(private readonly tools: readonly Tool[]) {
    this.firstReview = new Uint32Array(tools.length + 1);
    for (let ordinal = 0; ordinal < tools.length; ordinal++) {
      const reviews = (tools[ordinal] as Tool).reviews.length;
      this.firstReview[ordinal + 1] = (this.firstReview[ordinal] as number) + reviews;
    }
    this.shapes = new Uint8Array(this.firstReview[tools.length] as number);
  }

  /**
   * Whether the `source` text of review `review` (its position in the tool's reviews) of the
   * tool at `ordinal` is plain.
   */
  isPlain(ordinal: number, review: number, source: 'likes' | 'dislikes'): boolean {
    const first = this.firstReview[ordinal] as number;
    if (this.shapes[first + review] === 0) this.learn(ordinal, first);
    return (
      ((this.shapes[first + review] as number) &
        (source === 'likes' ? LIKES_PLAIN : DISLIKES_PLAIN)) !==
      0
    );
  }

  private learn(ordinal: number, first: number): void {
    const reviews = (this.tools[ordinal] as Tool).reviews;
    for (let i = 0; i < reviews.length; i++) {
      const { likes, dislikes } = reviews[i] as Tool['reviews'][number];
      this.shapes[first + i] =
        KNOWN | (isPlain(likes) ? LIKES_PLAIN : 0) | (isPlain(dislikes) ? DISLIKES_PLAIN : 0);
    }
  }
}
