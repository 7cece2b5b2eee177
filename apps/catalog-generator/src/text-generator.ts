import type { Prng } from './prng.js';
import { TECHNOLOGY_TOKENS } from './vocabulary-words.js';
import type { Vocabulary } from './vocabulary.js';

const NAME_STARTS = `quill harbor vex lumen brisk cinder drift ember fjord glint haze iron
juniper kestrel larch moss nimbus onyx pivot quartz rill sable tundra umber vale willow yarrow
zephyr alder birch cobalt delta ferro granite heron indigo jasper kelp lark marble north opal
pine quay raven slate thistle vapor wren axle beacon copper dune`.split(/\s+/);
const NAME_ENDS = `sort lint forge scope flow grid base kit hub mesh ray stack wave beam craft
deck dock pipe shift spark line path check guard watch trace vault loom mill port yard gate`.split(
  /\s+/,
);
const NAME_QUALIFIERS = `Pro Lite Studio Cloud CLI Server Desktop Core Edge Labs Go Plus`.split(
  /\s+/,
);
const TECHNOLOGY_CHANCE = 0.3;
const COMMA_CHANCE = 0.08;

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Plain-text prose for synthetic catalogs: sentences of 5 to 18 words drawn from the Zipf
 * vocabulary, with an occasional technology name (`C++`, `.NET`, `node.js`, …) and comma. The
 * words are not meant to make sense; their lengths and frequencies are.
 */
export class TextGenerator {
  constructor(
    private readonly prng: Prng,
    private readonly vocabulary: Vocabulary,
  ) {}

  /** Exactly `count` words, in sentences. */
  words(count: number): string {
    const sentences: string[] = [];
    let left = count;
    while (left > 0) {
      const length = Math.min(left, this.prng.int(5, 18));
      sentences.push(this.sentence(length));
      left -= length;
    }
    return sentences.join(' ');
  }

  /** Between `min` and `max` words, both included. */
  wordsBetween(min: number, max: number): string {
    return this.words(this.prng.int(min, max));
  }

  /** A product name of one to three words, e.g. `Cinderdeck`, `Harbor Lint`, `Vexgrid Cloud`. */
  toolName(): string {
    const start = capitalize(this.prng.pick(NAME_STARTS));
    const end = this.prng.pick(NAME_ENDS);
    const words = this.prng.chance(0.35) ? [start, capitalize(end)] : [start + end];
    if (this.prng.chance(0.2)) words.push(this.prng.pick(NAME_QUALIFIERS));
    return words.join(' ');
  }

  private sentence(length: number): string {
    const words: string[] = [];
    for (let i = 0; i < length; i++) words.push(this.vocabulary.draw(this.prng));
    if (this.prng.chance(TECHNOLOGY_CHANCE)) {
      words[this.prng.int(0, length - 1)] = this.prng.pick(TECHNOLOGY_TOKENS);
    }
    if (length > 6 && this.prng.chance(COMMA_CHANCE)) {
      const at = this.prng.int(2, length - 3);
      words[at] = `${words[at] ?? ''},`;
    }
    words[0] = capitalize(words[0] ?? '');
    return `${words.join(' ')}.`;
  }
}
