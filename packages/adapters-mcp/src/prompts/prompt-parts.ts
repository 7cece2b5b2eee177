import type { EmbeddedResource } from '@modelcontextprotocol/server';
import type { DetailResultBody } from '@reviews/application';
import { MARKDOWN, reviewResourceUri, toolResourceUri } from '../resources/tool-resources.js';

/**
 * The most characters of each review text (likes, dislikes) a prompt embeds (docs/mcp.md#prompts):
 * agent clients cut what they pass a model near 25,000 tokens, and a catalog review text may be
 * 20,000 characters. `compare_tools` attaches up to five tools, so it cuts shorter.
 */
export const PROMPT_REVIEW_TEXT_LIMITS = { evaluateTool: 2_000, compareTools: 500 } as const;

/** A tool's Markdown twin embedded in a prompt, under its resource URI (docs/mcp.md#resources). */
export function toolResourceContent(toolId: string, markdown: string): EmbeddedResource {
  return {
    type: 'resource',
    resource: { uri: toolResourceUri(toolId), mimeType: MARKDOWN, text: markdown },
  };
}

/**
 * The detail with each review's likes and dislikes cut at `limit` characters; a cut text ends by
 * saying so and naming the review's own resource, which has the whole text.
 */
export function withReviewTextsCut(detail: DetailResultBody, limit: number): DetailResultBody {
  const toolId = detail.tool.id;
  return {
    ...detail,
    reviews: detail.reviews.map((review) => {
      const cut = (text: string): string => {
        if (text.length <= limit) return text;
        // Never half of a surrogate pair.
        const end = /[\uD800-\uDBFF]/.test(text[limit - 1] ?? '') ? limit - 1 : limit;
        const uri = reviewResourceUri(toolId, review.id);
        return `${text.slice(0, end)}… (cut at ${limit.toLocaleString('en-US')} characters; the whole review: ${uri})`;
      };
      return { ...review, likes: cut(review.likes), dislikes: cut(review.dislikes) };
    }),
  };
}
