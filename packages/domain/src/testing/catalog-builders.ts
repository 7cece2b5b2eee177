import type { Review, ReviewAuthor } from '../catalog/review.js';
import type { StackTag, Stacks } from '../catalog/stacks.js';
import type { CatalogDocument, Tool } from '../catalog/tool.js';

let sequence = 0;
const next = (): number => ++sequence;

/** Builds a valid review; every field can be overridden. Ids are unique within a test run. */
class ReviewBuilder {
  private review: { -readonly [K in keyof Review]: Review[K] };

  constructor() {
    const n = next();
    this.review = {
      id: `rev-${n}`,
      revisionId: `rev-${n}-r1`,
      reviewedOn: '2026-01-15',
      updatedAt: '2026-01-16T08:00:00Z',
      author: { name: 'Sample Author' },
      likes: 'Fast startup and clear documentation.',
      dislikes: 'Configuration is verbose.',
    };
  }

  withId(id: string): this {
    this.review.id = id;
    return this;
  }
  reviewedOn(date: string, updatedAt = `${date}T08:00:00Z`): this {
    this.review.reviewedOn = date;
    this.review.updatedAt = updatedAt;
    return this;
  }
  updatedAt(instant: string): this {
    this.review.updatedAt = instant;
    return this;
  }
  withLikes(likes: string): this {
    this.review.likes = likes;
    return this;
  }
  withDislikes(dislikes: string): this {
    this.review.dislikes = dislikes;
    return this;
  }
  withAuthor(author: ReviewAuthor): this {
    this.review.author = author;
    return this;
  }
  build(): Review {
    return { ...this.review };
  }
}

/** Builds a valid tool with no reviews and no stacks unless told otherwise. */
export class ToolBuilder {
  private tool: { -readonly [K in keyof Tool]: Tool[K] };

  constructor() {
    const n = next();
    this.tool = {
      id: `tool-${n}`,
      name: `Tool ${n}`,
      description: 'A developer tool.',
      website: `https://tool-${n}.example.com`,
      category: 'Testing',
      reviews: [],
      stacks: null,
    };
  }

  withId(id: string): this {
    this.tool.id = id;
    return this;
  }
  named(name: string): this {
    this.tool.name = name;
    return this;
  }
  describedAs(description: string): this {
    this.tool.description = description;
    return this;
  }
  inCategory(category: string | null): this {
    this.tool.category = category;
    return this;
  }
  withReviews(...reviews: Array<Review | ReviewBuilder>): this {
    this.tool.reviews = reviews.map((r) => (r instanceof ReviewBuilder ? r.build() : r));
    return this;
  }
  /** Adds `count` reviews one week apart, the newest on 2026-01-15. */
  withReviewCount(count: number): this {
    const reviews: Review[] = [];
    for (let i = 0; i < count; i++) {
      const day = new Date(Date.UTC(2026, 0, 15 - 7 * i)).toISOString().slice(0, 10);
      reviews.push(aReview().reviewedOn(day).build());
    }
    this.tool.reviews = reviews;
    return this;
  }
  withStacks(stacks: Stacks | null): this {
    this.tool.stacks = stacks;
    return this;
  }
  withStackTags(...tags: StackTag[]): this {
    this.tool.stacks = {
      observed_on: '2026-02-01',
      status: 'verified',
      source_url: 'https://example.com/research',
      evidence: 'Read from the project manifest.',
      tags,
    };
    return this;
  }
  build(): Tool {
    return { ...this.tool, reviews: [...this.tool.reviews] };
  }
}

export const aReview = (): ReviewBuilder => new ReviewBuilder();
export const aTool = (): ToolBuilder => new ToolBuilder();

export const aStackTag = (label: string, overrides: Partial<StackTag> = {}): StackTag => ({
  key: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  label,
  dimension: 'language',
  relationship: 'sdk',
  ...overrides,
});

/** The searched texts of a tool, field by field (see `forEachSearchedText`). */
interface SearchedTexts {
  readonly name: string;
  readonly description: string;
  readonly category: string | null;
  readonly labels: readonly string[];
  /** Likes and dislikes of each review. */
  readonly reviews: readonly (readonly [string, string])[];
}

/** A tool whose searched texts are `texts`, everything else a default: for indexing tests. */
export const aToolWithTexts = (texts: SearchedTexts): Tool =>
  aTool()
    .named(texts.name)
    .describedAs(texts.description)
    .inCategory(texts.category)
    .withStackTags(...texts.labels.map((label) => aStackTag(label)))
    .withReviews(
      ...texts.reviews.map(([likes, dislikes]) =>
        aReview().withLikes(likes).withDislikes(dislikes).build(),
      ),
    )
    .build();

export const aCatalog = (...tools: Array<Tool | ToolBuilder>): CatalogDocument => ({
  schemaVersion: 1,
  publishedAt: '2026-11-16T09:00:00Z',
  tools: tools.map((t) => (t instanceof ToolBuilder ? t.build() : t)),
});
