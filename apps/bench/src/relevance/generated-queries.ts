import type { Tool } from '@reviews/domain';
import type { RelevanceQuery } from './relevance-figures.js';
import { seededRandom } from '../query-sampler.js';

/** Words people put around what they look for; all of them occur in generated catalogs too. */
const FILLER = `i need a tool for that with which can something to my the is there good any
best how do what`.split(/\s+/);
/** Words no generated catalog holds, standing for a person's own words for a thing. */
const OWN_WORDS = `speedy hassle painless gizmo seamless handy nifty robust tidy sleek`.split(
  /\s+/,
);

/** Another form of `word`: singular for plural and the other way round. */
function inflect(word: string): string {
  return word.endsWith('s') ? word.slice(0, -1) : `${word}s`;
}

/**
 * `count` queries for a generated catalog, each describing one tool by its description: two to
 * four of its words (none of the filler words), each changed to another form (plural or
 * singular) half the time, one of them replaced by a word of the searcher's own a third of the
 * time, and two or three filler words, shuffled.
 */
export function generatedQueries(
  tools: readonly Tool[],
  count: number,
  seed: number,
): RelevanceQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const filler = new Set(FILLER);
  const queries: RelevanceQuery[] = [];
  while (queries.length < count) {
    const tool = pick(tools);
    const words = [
      ...new Set(
        tool.description
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((word) => word.length >= 4 && !filler.has(word)),
      ),
    ];
    if (words.length < 4) continue;
    const chosen: string[] = [];
    const wanted = 2 + Math.floor(random() * 3);
    while (chosen.length < wanted) {
      const word = pick(words);
      if (!chosen.includes(word)) chosen.push(word);
    }
    const described = chosen.map((word) => (random() < 0.5 ? inflect(word) : word));
    if (random() < 1 / 3) described[Math.floor(random() * described.length)] = pick(OWN_WORDS);
    const fillers = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(FILLER));
    const all = [...described, ...fillers];
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j] as string, all[i] as string];
    }
    queries.push({ q: all.join(' '), tool: tool.id });
  }
  return queries;
}
