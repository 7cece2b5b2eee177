import { isNewerReview, type Review } from '../catalog/review.js';
import type { Tool } from '../catalog/tool.js';
import { foldText, isAscii } from './text-folding.js';
import { forEachTermOfToken, scanTokens } from './tokenizer.js';

const KNOWN = 1;
const LIKES_PLAIN = 2;
const DISLIKES_PLAIN = 4;
/** On a tool's first review: whether the tool's review order is known, and newest first. */
const ORDER_KNOWN = 8;
const NEWEST_FIRST = 16;

const isPlain = (text: string): boolean => isAscii(text) && !text.includes("'");

/** A text's term signature: 128 bits, as four 32-bit words. */
const SIGNATURE_WORDS = 4;
/** Terms and keywords shorter than this have no bit: a short keyword is never filtered. */
const SIGNATURE_PREFIX = 3;

/**
 * The signature bit of a term or keyword, from its first {@link SIGNATURE_PREFIX} characters: a
 * word index in the high bits, a bit number in the low five; -1 when it is shorter. A keyword
 * matches a term only when the term begins with it, so both then have the same bit.
 */
export function signatureBit(word: string): number {
  if (word.length < SIGNATURE_PREFIX) return -1;
  return bitOf(word.charCodeAt(0), word.charCodeAt(1), word.charCodeAt(2));
}

/** The bit of three (folded) character codes: the top seven bits of a multiplicative hash. */
function bitOf(a: number, b: number, c: number): number {
  const hash = Math.imul(Math.imul(Math.imul(a, 0x9e3779b1) ^ b, 0x9e3779b1) ^ c, 0x9e3779b1);
  return hash >>> 25;
}

/** Whether an ASCII code is a letter or a digit. */
const isAlphanumeric = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a);

/** An ASCII code lower-cased, as folding does. */
const lower = (code: number): number => (code >= 0x41 && code <= 0x5a ? code | 0x20 : code);

/**
 * What a search learns about a publication's review texts, once per review, the first time an
 * excerpt reads it, and keeps (docs/performance.md#varied-searches):
 *
 * - whether each text is plain: ASCII without apostrophes, so that folding it is lower-casing
 *   alone and its tokens drop nothing (checking that again on every search was a third of the
 *   probing);
 * - each text's term signature: a bit for the first three characters of every term it is
 *   indexed under. A keyword whose bit is clear matches no term of the text, so an excerpt skips
 *   the text without scanning it; most review texts of a matching tool hold none of the keywords.
 *
 * An excerpt probes the reviews of a matching tool, thousands for some tools; a tool whose newest
 * review holds every keyword has only that review read. The arrays take 33 bytes a review. A
 * prepared publication has learned every review before it goes live (`learning`, driven by
 * `Publication.preparation`), so no search after a publication pays for it; one that was not
 * prepared learns each review the first time it is read.
 */
export class ReviewTextFacts {
  /** Per tool ordinal: the index of its first review in {@link shapes}; one more at the end. */
  private readonly firstReview: Uint32Array;
  /** Per review: {@link KNOWN} once it was read, with the plain bit of each text. */
  private readonly shapes: Uint8Array;
  /** Per review: the likes' signature, then the dislikes'. */
  private readonly signatures: Uint32Array;

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
    const reviewCount = this.firstReview[tools.length] as number;
    this.shapes = new Uint8Array(reviewCount);
    this.signatures = new Uint32Array(reviewCount * 2 * SIGNATURE_WORDS);
  }

  /**
   * Whether the `source` text of review `review` (its position in the tool's reviews) of the
   * tool at `ordinal` is plain.
   */
  isPlain(ordinal: number, review: number, source: 'likes' | 'dislikes'): boolean {
    const shape = this.learned(ordinal, review);
    return (shape & (source === 'likes' ? LIKES_PLAIN : DISLIKES_PLAIN)) !== 0;
  }

  /**
   * Whether the signature of that text has `bit` (from {@link signatureBit}): false means that
   * no term of the text begins with a keyword of that bit. A bit of -1 is always there.
   */
  mayHold(ordinal: number, review: number, source: 'likes' | 'dislikes', bit: number): boolean {
    if (bit < 0) return true;
    const at = (this.firstReview[ordinal] as number) + review;
    this.learned(ordinal, review);
    const word = (at * 2 + (source === 'likes' ? 0 : 1)) * SIGNATURE_WORDS + (bit >>> 5);
    return ((this.signatures[word] as number) & (1 << (bit & 31))) !== 0;
  }

  /**
   * Whether no review of the tool at `ordinal` is newer than one before it (`isNewerReview`), as
   * in a publication's detail order; learned the first time it is asked, in one pass over the
   * tool's reviews, and kept in the shape of its first review.
   */
  newestFirst(ordinal: number): boolean {
    const { reviews } = this.tools[ordinal] as Tool;
    if (reviews.length < 2) return true;
    const first = this.firstReview[ordinal] as number;
    let shape = this.learned(ordinal, 0);
    if ((shape & ORDER_KNOWN) === 0) {
      let ordered = true;
      for (let i = 1; i < reviews.length && ordered; i++)
        ordered = !isNewerReview(reviews[i] as Review, reviews[i - 1] as Review);
      shape |= ORDER_KNOWN | (ordered ? NEWEST_FIRST : 0);
      this.shapes[first] = shape;
    }
    return (shape & NEWEST_FIRST) !== 0;
  }

  /**
   * Learns every review ahead of any search, yielding after about every `slice` reviews, so that
   * whoever drives it lets requests be answered meanwhile. What is learned is what a first read
   * would learn: no answer changes.
   */
  *learning(slice: number): Generator<void, void> {
    let sinceYield = 0;
    for (let ordinal = 0; ordinal < this.tools.length; ordinal++) {
      const reviews = (this.tools[ordinal] as Tool).reviews.length;
      for (let review = 0; review < reviews; review++) this.learned(ordinal, review);
      sinceYield += reviews;
      if (sinceYield >= slice) {
        sinceYield = 0;
        yield;
      }
    }
  }

  /** The shape of that review, learned (with its signatures) the first time it is asked for. */
  private learned(ordinal: number, review: number): number {
    const at = (this.firstReview[ordinal] as number) + review;
    let shape = this.shapes[at] as number;
    if (shape === 0) {
      const { likes, dislikes } = (this.tools[ordinal] as Tool).reviews[review] as Review;
      const likesPlain = isPlain(likes);
      const dislikesPlain = isPlain(dislikes);
      shape = KNOWN | (likesPlain ? LIKES_PLAIN : 0) | (dislikesPlain ? DISLIKES_PLAIN : 0);
      this.sign(likes, likesPlain, at * 2 * SIGNATURE_WORDS);
      this.sign(dislikes, dislikesPlain, (at * 2 + 1) * SIGNATURE_WORDS);
      this.shapes[at] = shape;
    }
    return shape;
  }

  /**
   * Sets the bits of `text` from `first`. A plain text is read once, character by character: every
   * term of it starts at a letter or digit that follows no letter or digit, or at a `.` before
   * one (`.js` in `node.js`), so the three characters from each such place cover every term (and a
   * few places no term starts at, whose bits only cost a text being read). Other texts are
   * tokenized as the index does.
   */
  private sign(text: string, plain: boolean, first: number): void {
    const { signatures } = this;
    const set = (bit: number): void => {
      signatures[first + (bit >>> 5)]! |= 1 << (bit & 31);
    };
    if (!plain) {
      scanTokens(foldText(text), (token) =>
        forEachTermOfToken(token, (term) => {
          const bit = signatureBit(term);
          if (bit >= 0) set(bit);
        }),
      );
      return;
    }
    const last = text.length - SIGNATURE_PREFIX;
    let previous = false;
    for (let i = 0; i <= last; i++) {
      const code = text.charCodeAt(i);
      const current = isAlphanumeric(code);
      const starts =
        (current && !previous) || (code === 0x2e && isAlphanumeric(text.charCodeAt(i + 1)));
      if (starts)
        set(bitOf(lower(code), lower(text.charCodeAt(i + 1)), lower(text.charCodeAt(i + 2))));
      previous = current;
    }
  }
}
