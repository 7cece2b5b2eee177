import { Prng } from './prng.js';
import {
  COMPOUND_PREFIXES,
  COMPOUND_STEMS,
  DESCRIPTIVE_WORDS,
  DEVELOPER_WORDS,
  FUNCTION_WORDS,
} from './vocabulary-words.js';

/** Zipf exponent: word of rank r is drawn with weight 1 / (r + OFFSET)^EXPONENT. */
const EXPONENT = 1.05;
const OFFSET = 2.7;
/** The vocabulary is the same for every seed: only the texts drawn from it vary. */
const VOCABULARY_SEED = 0x5eed;

/**
 * A ranked vocabulary of a few thousand developer words with Zipf-like frequencies, so that
 * term statistics of generated text look like those of real reviews: a handful of function
 * words everywhere, a broad middle of domain words, and a long tail of rare compounds.
 */
export class Vocabulary {
  readonly words: readonly string[];
  private readonly cumulative: Float64Array;

  constructor() {
    const shuffle = new Prng(VOCABULARY_SEED);
    const middle = shuffled([...new Set([...DEVELOPER_WORDS, ...DESCRIPTIVE_WORDS])], shuffle);
    const known = new Set([...FUNCTION_WORDS, ...middle]);
    const tail = shuffled(
      COMPOUND_PREFIXES.flatMap((prefix) => COMPOUND_STEMS.map((stem) => prefix + stem)).filter(
        (word) => !known.has(word),
      ),
      shuffle,
    );
    this.words = [...new Set([...FUNCTION_WORDS, ...middle, ...tail])];
    this.cumulative = new Float64Array(this.words.length);
    let total = 0;
    this.words.forEach((_, rank) => {
      total += 1 / Math.pow(rank + OFFSET, EXPONENT);
      this.cumulative[rank] = total;
    });
  }

  /** One word, drawn by its Zipf weight. */
  draw(prng: Prng): string {
    const target = prng.next() * (this.cumulative[this.cumulative.length - 1] ?? 0);
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return this.words[low] ?? '';
  }
}

function shuffled<T>(items: T[], prng: Prng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
