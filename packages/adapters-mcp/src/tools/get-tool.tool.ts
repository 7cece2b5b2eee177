import {
  detailResultSchema,
  getToolInputSchema,
  LIMIT_RANGE,
  type GetTool,
} from '@reviews/application';
import { DEFAULT_PAGE_LIMIT } from '@reviews/domain';
import { CITATION_RULE } from './citation-rule.js';
import { renderDetailResult } from './markdown-rendering.js';
import { defineMcpTool, type McpTool } from './mcp-tool.js';

const GET_TOOL_TOOL_NAME = 'get_tool';

const DESCRIPTION = [
  'Read one reviewed developer tool: its profile, a page of its dated reviews (newest first, with likes and dislikes) and its separately dated technology-stack record (stacks null means not researched: compatibility unknown).',
  'id: a tool id exactly as returned by search_tools — call search_tools first if you do not have one; never guess ids.',
  `Paging: limit ${LIMIT_RANGE} reviews (default ${DEFAULT_PAGE_LIMIT}); pass nextCursor back as cursor, with the same id, until it is null.`,
  CITATION_RULE,
].join('\n');

/** `get_tool`: the MCP face of the `GetTool` use case (docs/mcp.md#tools). */
export function getToolTool(getTool: GetTool): McpTool {
  return defineMcpTool({
    name: GET_TOOL_TOOL_NAME,
    title: 'Read a tool and its dated reviews',
    description: DESCRIPTION,
    inputSchema: getToolInputSchema,
    outputSchema: detailResultSchema,
    execute: (input) => getTool.execute(input),
    render: renderDetailResult,
  });
}
