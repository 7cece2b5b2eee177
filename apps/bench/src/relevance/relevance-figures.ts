import { parseSearchQuery, type Publication, type Tool } from '@reviews/domain';
import MiniSearch from 'minisearch';

/** A natural-language query and the id of the tool it describes. */
export interface RelevanceQuery {
  readonly q: string;
  readonly tool: string;
  readonly heldOut?: boolean;
}

/** A way of answering a query: tool ids, best first (at most a page); none when refused. */
export interface Ranker {
  readonly name: string;
  rank(q: string): readonly string[];
}

/** How often the described tool came first, in the first three, and the mean reciprocal rank. */
interface RelevanceFigures {
  readonly queries: number;
  readonly hitAt1: number;
  readonly hitAt3: number;
  readonly mrr: number;
}

/** The answer's page size: the API's default `limit`. */
const PAGE = 10;

/** hit@1, hit@3 (shares of the queries) and MRR over the first page of `ranker`'s answers. */
export function relevanceFigures(
  ranker: Ranker,
  queries: readonly RelevanceQuery[],
): RelevanceFigures {
  let hitAt1 = 0;
  let hitAt3 = 0;
  let reciprocal = 0;
  for (const query of queries) {
    const position = ranker.rank(query.q).slice(0, PAGE).indexOf(query.tool);
    if (position < 0) continue;
    if (position === 0) hitAt1++;
    if (position < 3) hitAt3++;
    reciprocal += 1 / (position + 1);
  }
  const n = Math.max(1, queries.length);
  return { queries: queries.length, hitAt1: hitAt1 / n, hitAt3: hitAt3 / n, mrr: reciprocal / n };
}

/**
 * The service's answer, as REST and MCP give it for `q` alone: the first page of `items`
 * (docs/api.md#search-rules-in-short) and, when `closest` is set and nothing matches every
 * keyword, the closest tools (docs/api.md#the-closest-tools). A refused query (400) answers
 * nothing.
 */
export function serviceRanker(publication: Publication, closest: boolean): Ranker {
  return {
    name: closest ? 'service: items, else closest' : 'service: items only (strict)',
    rank(q) {
      const keywords = parseSearchQuery(q);
      if (!keywords.ok) return [];
      const request = { keywords: keywords.value };
      const list = publication.search(request);
      if (list.total > 0) return list.hits(0, PAGE).map((hit) => hit.tool.id);
      if (!closest) return [];
      return publication.closest(request, PAGE).hits.map((hit) => hit.tool.id);
    },
  };
}

/**
 * MiniSearch 7 as a Node developer usually sets it up: OR of the words, BM25, prefix and fuzzy
 * (0.2) matching, the name boosted, its own tokenizer; over the texts the service searches (name,
 * description, category, stack tag labels, every review's likes and dislikes).
 */
export function miniSearchRanker(tools: readonly Tool[]): Ranker {
  const index = new MiniSearch<{ id: string }>({
    fields: ['name', 'description', 'category', 'tags', 'reviews'],
    searchOptions: { boost: { name: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });
  index.addAll(
    tools.map((tool) => ({
      id: tool.id,
      name: tool.name,
      description: tool.description,
      category: tool.category ?? '',
      tags: (tool.stacks?.tags ?? []).map((tag) => tag.label).join(' '),
      reviews: tool.reviews.map((review) => `${review.likes}\n${review.dislikes}`).join('\n'),
    })),
  );
  return {
    name: 'MiniSearch 7 (OR, BM25, prefix, fuzzy 0.2, name ×2)',
    rank: (q) =>
      index
        .search(q)
        .slice(0, PAGE)
        .map((result) => String(result.id)),
  };
}

/** How many of `queries` the service refuses (400: too many keywords, too long, no keyword). */
export function refusedQueries(queries: readonly RelevanceQuery[]): number {
  return queries.filter((query) => !parseSearchQuery(query.q).ok).length;
}
