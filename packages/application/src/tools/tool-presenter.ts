import type { ClosestHit, Review, SearchHit, Tool } from '@reviews/domain';
import type {
  ClosestToolBody,
  ReviewBody,
  SearchItemBody,
  ToolBody,
} from '../schemas/tool.schemas.js';

/**
 * Turns domain objects into the public bodies, building every address from the base URL
 * (docs/api.md#every-response). Whitelisting: only the published members are copied.
 */
export class ToolPresenter {
  constructor(private readonly baseUrl: string) {}

  toolUrl(toolId: string): string {
    return `${this.baseUrl}/tools/${encodeURIComponent(toolId)}`;
  }

  reviewUrl(toolId: string, reviewId: string): string {
    return `${this.toolUrl(toolId)}/reviews/${encodeURIComponent(reviewId)}`;
  }

  tool(tool: Tool): ToolBody {
    return {
      id: tool.id,
      name: tool.name,
      description: tool.description,
      website: tool.website,
      category: tool.category,
      url: this.toolUrl(tool.id),
      markdownUrl: `${this.toolUrl(tool.id)}.md`,
    };
  }

  review(toolId: string, review: Review): ReviewBody {
    const author: { name?: string; url?: string } = {};
    if (review.author.name !== undefined) author.name = review.author.name;
    if (review.author.url !== undefined) author.url = review.author.url;
    return {
      id: review.id,
      revisionId: review.revisionId,
      url: this.reviewUrl(toolId, review.id),
      reviewedOn: review.reviewedOn,
      updatedAt: review.updatedAt,
      author,
      likes: review.likes,
      dislikes: review.dislikes,
    };
  }

  searchItem(hit: SearchHit): SearchItemBody {
    const item: SearchItemBody = this.tool(hit.tool);
    const excerpt = hit.excerpt;
    if (excerpt === undefined) return item;
    item.excerpt = excerpt.text;
    item.excerptSource = excerpt.source;
    if (excerpt.review !== undefined) {
      item.review = {
        id: excerpt.review.id,
        url: this.reviewUrl(hit.tool.id, excerpt.review.id),
        reviewedOn: excerpt.review.reviewedOn,
      };
    }
    if (excerpt.tags !== undefined) {
      item.matchedStackTags = excerpt.tags.map(({ key, label }) => ({ key, label }));
    }
    return item;
  }

  /** A search item that also says which keywords it matched and which it misses. */
  closestTool(hit: ClosestHit): ClosestToolBody {
    return {
      ...this.searchItem(hit),
      matchedKeywords: [...hit.matchedKeywords],
      missingKeywords: [...hit.missingKeywords],
    };
  }
}
