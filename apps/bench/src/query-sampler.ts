import { tokenize, type Publication } from '@reviews/domain';

/** A deterministic PRNG (mulberry32), so that two runs ask the same queries. */
function seededRandom(seed: number): () => number {
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

/**
 * Queries a person would type, drawn from the catalog's own text: 1–3 words from one tool's
 * name, description or a review, some cut to a prefix, a few with a category filter.
 */
export function sampleQueries(
  publication: Publication,
  count: number,
  seed: number,
): SampledQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const queries: SampledQuery[] = [];
  while (queries.length < count) {
    const tool = pick(publication.tools);
    const review = tool.reviews.length > 0 ? pick(tool.reviews) : undefined;
    const source = pick([
      tool.name,
      tool.description,
      review?.likes ?? tool.description,
      review?.dislikes ?? tool.name,
    ]);
    const words = tokenize(source).filter((word) => word.length >= 3);
    if (words.length === 0) continue;
    const size = 1 + Math.floor(random() * 3);
    const start = Math.floor(random() * Math.max(1, words.length - size));
    const chosen = words
      .slice(start, start + size)
      .map((word) => (random() < 0.25 ? word.slice(0, Math.max(3, word.length - 2)) : word));
    const withCategory = random() < 0.15 && tool.category !== null;
    queries.push(
      withCategory
        ? { q: chosen.join(' '), category: tool.category ?? undefined }
        : { q: chosen.join(' ') },
    );
  }
  return queries;
}

/**
 * The sampler of `pnpm bench varied` (issue sampler): 1–3 consecutive words of one of a tool's
 * searched texts — name, description, category, a stack tag label, or the likes or dislikes of one
 * of its reviews, each text equally likely — each word cut to a prefix (at least 3 letters) one
 * time in four, and a category filter on 15 %. At 100,000 searches over 10,000 tools about 70 %
 * are distinct: the rest repeat, as popular searches do.
 */
export function sampleSearches(
  publication: Publication,
  count: number,
  seed: number,
): SampledQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const queries: SampledQuery[] = [];
  while (queries.length < count) {
    const tool = pick(publication.tools);
    const texts = [tool.name, tool.description];
    if (tool.category !== null) texts.push(tool.category);
    for (const tag of tool.stacks?.tags ?? []) texts.push(tag.label);
    for (const review of tool.reviews) texts.push(review.likes, review.dislikes);
    const words = tokenize(pick(texts)).filter((word) => word.length >= 2);
    if (words.length === 0) continue;
    const size = 1 + Math.floor(random() * 3);
    const start = Math.floor(random() * Math.max(1, words.length - size + 1));
    const chosen = words
      .slice(start, start + size)
      .map((word) =>
        random() < 0.25 && word.length > 3
          ? word.slice(0, 3 + Math.floor(random() * (word.length - 3)))
          : word,
      );
    queries.push(
      random() < 0.15 && tool.category !== null
        ? { q: chosen.join(' '), category: tool.category }
        : { q: chosen.join(' ') },
    );
  }
  return queries;
}
