import {
  compareToolsArgumentsSchema,
  type DetailResultBody,
  type GetTool,
} from '@reviews/application';
import { ok } from '@reviews/domain';
import { markdownInline, toolMarkdown } from '@reviews/http-common';
import { CITATION_RULE } from '../tools/citation-rule.js';
import { defineMcpPrompt, type McpPrompt } from './mcp-prompt.js';
import {
  PROMPT_REVIEW_TEXT_LIMITS,
  toolResourceContent,
  withReviewTextsCut,
} from './prompt-parts.js';

export const COMPARE_TOOLS_PROMPT_NAME = 'compare_tools';

/**
 * `compare_tools(ids)` (docs/mcp.md#prompts): 2 to 5 tools side by side — a table of what each
 * review page covers and when, then each tool's Markdown twin embedded, each review text cut at
 * `PROMPT_REVIEW_TEXT_LIMITS.compareTools` characters — with the citation rules.
 */
export function compareToolsPrompt(getTool: Pick<GetTool, 'execute'>): McpPrompt {
  return defineMcpPrompt({
    name: COMPARE_TOOLS_PROMPT_NAME,
    title: 'Compare tools side by side',
    description:
      'Asks for a side-by-side comparison of 2 to 5 reviewed developer tools from their dated editorial reviews (embedded), citing each review used by its url and date.',
    argumentsSchema: compareToolsArgumentsSchema,
    build: ({ ids }) => {
      const details: DetailResultBody[] = [];
      for (const id of ids) {
        const detail = getTool.execute({ id });
        if (!detail.ok) return detail;
        details.push(detail.value);
      }
      const task = [
        `Compare these ${details.length} developer tools side by side from their editorial reviews, attached below as the Markdown of their pages.`,
        '',
        '| Tool | Id | Category | Reviews attached (newest – oldest) | Stacks record |',
        '| --- | --- | --- | --- | --- |',
        ...details.map(tableRow),
        '',
        '- Compare like with like: reviews written years apart may describe different versions, so say when each point was made (reviewedOn).',
        '- Use only these reviews; where a tool has no review on a point, say so rather than guess.',
        '- A stacks record has its own date; when it is missing, compatibility is unknown.',
        `- Review texts longer than ${PROMPT_REVIEW_TEXT_LIMITS.compareTools.toLocaleString('en-US')} characters are cut; each cut names the resource with the whole review (resources/read).`,
        `- ${CITATION_RULE}`,
      ].join('\n');
      return ok({
        description: `Compare ${details.map((detail) => detail.tool.name).join(', ')}`,
        messages: [
          { role: 'user', content: { type: 'text', text: task } },
          ...details.map((detail) => ({
            role: 'user' as const,
            content: toolResourceContent(
              detail.tool.id,
              toolMarkdown(
                withReviewTextsCut(detail, PROMPT_REVIEW_TEXT_LIMITS.compareTools),
                undefined,
              ),
            ),
          })),
        ],
      });
    },
  });
}

function tableRow(detail: DetailResultBody): string {
  const { tool, reviews, stacks } = detail;
  const newest = reviews[0]?.reviewedOn;
  const oldest = reviews[reviews.length - 1]?.reviewedOn;
  const dates =
    newest === undefined
      ? 'none'
      : `${reviews.length}${detail.nextCursor === null ? '' : ' (more exist)'}: ${newest} – ${oldest}`;
  const category = tool.category === null ? 'none' : markdownInline(tool.category);
  const stacksCell =
    stacks === null ? 'not researched' : `${stacks.status}, observed ${stacks.observed_on}`;
  return `| ${markdownInline(tool.name)} | \`${tool.id}\` | ${category} | ${dates} | ${stacksCell} |`;
}
