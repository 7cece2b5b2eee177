import type { Tool } from '../../src/catalog/tool.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { parseSearchQuery } from '../../src/search/search-query.js';
import type { SearchHit, SearchResultList } from '../../src/search/search-types.js';
import { ToolBuilder } from '@reviews/domain/testing';

const built = (tools: ReadonlyArray<Tool | ToolBuilder>): Tool[] =>
  tools.map((tool) => (tool instanceof ToolBuilder ? tool.build() : tool));

/** Parses `q` as the API would and searches a fresh index over `tools`. */
export function search(
  tools: ReadonlyArray<Tool | ToolBuilder>,
  q: string,
  category?: string,
): SearchResultList {
  const keywords = parseSearchQuery(q);
  if (!keywords.ok) throw new Error(keywords.error.message);
  return SearchIndex.build(built(tools)).search({ keywords: keywords.value, category });
}

export const allHits = (list: SearchResultList): readonly SearchHit[] => list.hits(0, list.total);

/** The ids of every result, in order. */
export const idsOf = (list: SearchResultList): string[] => allHits(list).map((hit) => hit.tool.id);

/** The ids found by searching `tools` for `q`. */
export const idsFound = (
  tools: ReadonlyArray<Tool | ToolBuilder>,
  q: string,
  category?: string,
): string[] => idsOf(search(tools, q, category));
