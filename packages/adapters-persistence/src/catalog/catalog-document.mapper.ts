import type { Review, ReviewAuthor, Stacks, Tool } from '@reviews/domain';
import type { CatalogToolData } from './catalog-document.schema.js';

type ReviewData = CatalogToolData['reviews'][number];
type StacksData = NonNullable<CatalogToolData['stacks']>;

/**
 * Whitelisting mappers from validated catalog data to the domain: they copy the members the
 * domain knows and nothing else, so the derived export members (`url`, `markdownUrl`) never reach
 * a publication, and an author without a name carries no `name` key at all.
 */
export function toTool(data: CatalogToolData): Tool {
  return {
    id: data.id,
    name: data.name,
    description: data.description,
    website: data.website,
    category: data.category,
    reviews: data.reviews.map(toReview),
    stacks: data.stacks === null ? null : toStacks(data.stacks),
  };
}

function toReview(data: ReviewData): Review {
  const author: { -readonly [K in keyof ReviewAuthor]: ReviewAuthor[K] } = {};
  if (data.author.name !== undefined) author.name = data.author.name;
  if (data.author.url !== undefined) author.url = data.author.url;
  return {
    id: data.id,
    revisionId: data.revisionId,
    reviewedOn: data.reviewedOn,
    updatedAt: data.updatedAt,
    author,
    likes: data.likes,
    dislikes: data.dislikes,
  };
}

function toStacks(data: StacksData): Stacks {
  return {
    observed_on: data.observed_on,
    status: data.status,
    source_url: data.source_url,
    evidence: data.evidence,
    tags: data.tags.map(({ key, label, dimension, relationship }) => ({
      key,
      label,
      dimension,
      relationship,
    })),
  };
}
