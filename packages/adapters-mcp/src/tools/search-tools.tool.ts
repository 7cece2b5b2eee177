import {
  LIMIT_RANGE,
  searchResultSchema,
  searchToolsInputSchema,
  type SearchTools,
} from '@reviews/application';
import { DEFAULT_PAGE_LIMIT } from '@reviews/domain';
import { renderSearchResult } from './markdown-rendering.js';
import { defineMcpTool, type McpTool } from './mcp-tool.js';

export const SEARCH_TOOLS_TOOL_NAME = 'search_tools';

const DESCRIPTION = [
  'Find reviewed developer tools by keyword and/or category. Call this FIRST: it gives the tool ids that get_tool needs.',
  'q: up to 12 keywords (200 characters); every keyword must match (AND); a keyword also matches words it begins (postgres finds PostgreSQL); there are no operators (quotes, -, +, OR, * are plain text). Omit q to browse, newest review first.',
  'category: an exact, case-sensitive category name copied from a result.',
  `Paging: limit ${LIMIT_RANGE} (default ${DEFAULT_PAGE_LIMIT}); pass nextCursor back as cursor, with the same q and category, until it is null. Paging stops at 1,000 results (the full archive is /reviews/index.json).`,
  'facets: ["category"] also counts the categories of every match (all pages, ignoring the category filter). highlight: true adds excerptHighlights, the offsets of the matched word parts in each excerpt. A search that matches nothing may carry suggestions (other spellings of q that do find tools) and carries closestTools: partial matches, the tools matching the most keywords, each with its missingKeywords.',
  'An excerpt from a review comes with that review cited in `review`. When you answer from these results, cite the review url and its reviewedOn date, and pass on the historicalNotice: reviews are historical and do not establish current capabilities.',
].join('\n');

/** `search_tools`: the MCP face of the `SearchTools` use case (docs/mcp.md#tools). */
export function searchToolsTool(searchTools: SearchTools): McpTool {
  return defineMcpTool({
    name: SEARCH_TOOLS_TOOL_NAME,
    title: 'Search reviewed developer tools',
    description: DESCRIPTION,
    inputSchema: searchToolsInputSchema,
    outputSchema: searchResultSchema,
    execute: (input) => searchTools.execute(input),
    render: renderSearchResult,
  });
}
