import { evaluateToolArgumentsSchema, type GetTool } from '@reviews/application';
import { ok } from '@reviews/domain';
import { markdownInline, toolMarkdown } from '@reviews/http-common';
import { CITATION_RULE } from '../tools/citation-rule.js';
import {
  PROMPT_REVIEW_TEXT_LIMITS,
  toolResourceContent,
  withReviewTextsCut,
} from './prompt-parts.js';
import { defineMcpPrompt, type McpPrompt } from './mcp-prompt.js';

export const EVALUATE_TOOL_PROMPT_NAME = 'evaluate_tool';

/**
 * `evaluate_tool(id)` (docs/mcp.md#prompts): the tool's dated reviews — the Markdown twin, as
 * `resources/read` gives it, each review text cut at `PROMPT_REVIEW_TEXT_LIMITS.evaluateTool`
 * characters — embedded, with the citation rules to follow.
 */
export function evaluateToolPrompt(getTool: Pick<GetTool, 'execute'>): McpPrompt {
  return defineMcpPrompt({
    name: EVALUATE_TOOL_PROMPT_NAME,
    title: 'Evaluate a tool from its dated reviews',
    description:
      'Asks for an evaluation of one reviewed developer tool from its dated editorial reviews (embedded), citing each review used by its url and date.',
    argumentsSchema: evaluateToolArgumentsSchema,
    build: ({ id }) => {
      const detail = getTool.execute({ id });
      if (!detail.ok) return detail;
      const { tool } = detail.value;
      const limit = PROMPT_REVIEW_TEXT_LIMITS.evaluateTool.toLocaleString('en-US');
      const more =
        detail.value.nextCursor === null
          ? 'These are all its reviews.'
          : `These are its newest reviews; get_tool with id "${tool.id}" and cursor "${detail.value.nextCursor}" reads older ones.`;
      const task = [
        `Evaluate the developer tool ${markdownInline(tool.name)} (id \`${tool.id}\`) from its editorial reviews, attached below as the Markdown of its page.`,
        '',
        `- Use only these reviews, and say when they were written: every review is dated (reviewedOn). ${more}`,
        '- Weigh likes against dislikes; say which points recur and which changed over time.',
        `- Review texts longer than ${limit} characters are cut; each cut names the resource with the whole review (resources/read).`,
        '- The technology-stack record has its own date; when it is missing, compatibility is unknown.',
        `- ${CITATION_RULE}`,
      ].join('\n');
      return ok({
        description: `Evaluate ${tool.name} from its dated reviews`,
        messages: [
          { role: 'user', content: { type: 'text', text: task } },
          {
            role: 'user',
            content: toolResourceContent(
              tool.id,
              toolMarkdown(
                withReviewTextsCut(detail.value, PROMPT_REVIEW_TEXT_LIMITS.evaluateTool),
                undefined,
              ),
            ),
          },
        ],
      });
    },
  });
}
