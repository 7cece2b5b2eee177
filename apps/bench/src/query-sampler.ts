import { tokenize, type Publication, type Tool } from '@reviews/domain';

/** A deterministic PRNG (mulberry32): the same seed draws the same queries and floods in every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One sampled search: its `q`, and a category filter on some. */
export interface SampledQuery {
  readonly q: string;
  readonly category?: string;
}

/** How one sampler draws its words; the rest of the draw is the same for every sampler. */
interface SamplerRule {
  /** The text of `tool` the words come from. */
  text(tool: Tool, pick: <T>(items: readonly T[]) => T): string;
  /** Words shorter than this are left out. */
  readonly minLength: number;
  /** How many places a run of `size` of `count` words may start at. */
  starts(count: number, size: number): number;
  /** The word as a person types it: whole, or cut to a prefix. */
  cut(word: string, random: () => number): string;
}

/** `count` searches drawn by `rule`, deterministic for `seed`: 1–3 words, 15 % with a category. */
function sample(
  publication: Publication,
  count: number,
  seed: number,
  rule: SamplerRule,
): SampledQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const queries: SampledQuery[] = [];
  while (queries.length < count) {
    const tool = pick(publication.tools);
    const words = tokenize(rule.text(tool, pick)).filter((word) => word.length >= rule.minLength);
    if (words.length === 0) continue;
    const size = 1 + Math.floor(random() * 3);
    const start = Math.floor(random() * Math.max(1, rule.starts(words.length, size)));
    const chosen = words.slice(start, start + size).map((word) => rule.cut(word, random));
    queries.push(
      random() < 0.15 && tool.category !== null
        ? { q: chosen.join(' '), category: tool.category }
        : { q: chosen.join(' ') },
    );
  }
  return queries;
}

/**
 * Queries a person would type, drawn from the catalog's own text: 1–3 words from one tool's
 * name, description or a review, some cut to a prefix, a few with a category filter.
 */
export function sampleQueries(
  publication: Publication,
  count: number,
  seed: number,
): SampledQuery[] {
  return sample(publication, count, seed, {
    text: (tool, pick) => {
      const review = tool.reviews.length > 0 ? pick(tool.reviews) : undefined;
      return pick([
        tool.name,
        tool.description,
        review?.likes ?? tool.description,
        review?.dislikes ?? tool.name,
      ]);
    },
    minLength: 3,
    starts: (count, size) => count - size,
    cut: (word, random) => (random() < 0.25 ? word.slice(0, Math.max(3, word.length - 2)) : word),
  });
}

/**
 * The sampler of `pnpm bench varied` (issue sampler): 1–3 consecutive words of one of a tool's
 * searched texts — name, description, category, a stack tag label, or the likes or dislikes of one
 * of its reviews, each text equally likely — each word cut to a prefix (at least 3 letters) one
 * time in four, and a category filter on 15 %. At 100,000 searches over the generated 10,000
 * tools 57 % are distinct: the rest repeat, as popular searches do.
 */
export function sampleSearches(
  publication: Publication,
  count: number,
  seed: number,
): SampledQuery[] {
  return sample(publication, count, seed, {
    text: (tool, pick) => {
      const texts = [tool.name, tool.description];
      if (tool.category !== null) texts.push(tool.category);
      for (const tag of tool.stacks?.tags ?? []) texts.push(tag.label);
      for (const review of tool.reviews) texts.push(review.likes, review.dislikes);
      return pick(texts);
    },
    minLength: 2,
    starts: (count, size) => count - size + 1,
    cut: (word, random) =>
      random() < 0.25 && word.length > 3
        ? word.slice(0, 3 + Math.floor(random() * (word.length - 3)))
        : word,
  });
}
