import type { Review } from './review.js';
import type { Stacks } from './stacks.js';

/**
 * A reviewed developer tool as published. `category` is an exact, case-sensitive name (or null).
 * Within a Publication, `reviews` are in detail order (newest first).
 */
export interface Tool {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly website: string;
  readonly category: string | null;
  readonly reviews: readonly Review[];
  readonly stacks: Stacks | null;
}

/**
 * The catalog as imported (docs/cli.md#catalog-format). Validation happens at the edge that reads
 * it.
 */
export interface CatalogDocument {
  readonly schemaVersion: 1;
  readonly publishedAt: string;
  readonly tools: readonly Tool[];
}

/** Tool id (docs/cli.md#catalog-format): a lowercase slug of at most 64 characters. */
export const TOOL_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** Review and revision ids (docs/cli.md#catalog-format): opaque. */
export const REVIEW_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Field limits of docs/cli.md#catalog-format, shared by import validation and the generator. */
export const CATALOG_LIMITS = {
  name: 200,
  category: 200,
  authorName: 200,
  description: 2_000,
  likes: 20_000,
  dislikes: 20_000,
  address: 2_048,
  reviewsPerTool: 10_000,
} as const;
